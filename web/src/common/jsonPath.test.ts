import { describe, expect, it } from 'vitest';
import { lineOfJsonPath, locateJsonPath, pathSegments } from './jsonPath';

const TEXT = `{
  "ASSET": {
    "name": "Assets",
    "viewRules": [
      { "roles": ["LO-ADMIN"] },
      {
        "roles": ["SCHEDULER", "BOSS"],
        "isEnable": true
      }
    ]
  },
  "ASSET-DESCRIPTION": { "viewRules": { "isEnabled": "yes" } }
}`;

describe('document paths in JSON text', () => {
  it('splits the server’s paths into keys and indexes', () => {
    expect(pathSegments('ASSET.viewRules[1].roles[0]')).toEqual(['ASSET', 'viewRules', 1, 'roles', 0]);
    expect(pathSegments('ASSET-DESCRIPTION.viewRules.isEnabled')).toEqual(['ASSET-DESCRIPTION', 'viewRules', 'isEnabled']);
    expect(pathSegments('tabs[0].url')).toEqual(['tabs', 0, 'url']);
    expect(pathSegments('(top)')).toEqual([]);
  });

  it('finds the line of a value, an unknown key and a nested element', () => {
    expect(lineOfJsonPath(TEXT, 'ASSET.viewRules[1].roles[1]')).toBe(7);
    expect(lineOfJsonPath(TEXT, 'ASSET.viewRules[1].isEnable')).toBe(8);
    expect(lineOfJsonPath(TEXT, 'ASSET-DESCRIPTION.viewRules.isEnabled')).toBe(12);
    const range = locateJsonPath(TEXT, 'ASSET.viewRules[1].roles[1]')!;
    expect(TEXT.slice(range.from, range.to)).toBe('"BOSS"');
  });

  it('falls back to the deepest part that exists, and to line 1 for the top or unreadable text', () => {
    // A missing key points at the object that lacks it.
    expect(lineOfJsonPath(TEXT, 'ASSET.viewRules[0].isEnabled')).toBe(5);
    expect(lineOfJsonPath(TEXT, 'LOOSEGEAR.name')).toBe(1);
    expect(lineOfJsonPath(TEXT, '(top)')).toBe(1);
    expect(lineOfJsonPath('', 'a.b')).toBe(1);
  });
});
