import { describe, expect, it } from 'vitest';
import { DEFAULT_DISALLOWED_ASSET_CHARS } from '../features';
import { ASSETS } from './messages';
import { AssetBody, assetNameError, InspectorQuery, isInspectorFor, JobSiteBody, serverDisallowedAssetChars } from './schemas';

describe('asset name rule', () => {
  it('is mandatory after trimming and refuses each disallowed character and control characters', () => {
    expect(assetNameError('', DEFAULT_DISALLOWED_ASSET_CHARS)).toBe(ASSETS.nameMandatory);
    expect(assetNameError('   ', DEFAULT_DISALLOWED_ASSET_CHARS)).toBe(ASSETS.nameMandatory);
    expect(assetNameError(undefined, DEFAULT_DISALLOWED_ASSET_CHARS)).toBe(ASSETS.nameMandatory);
    for (const char of DEFAULT_DISALLOWED_ASSET_CHARS) {
      expect(assetNameError(`MC${char}01`, DEFAULT_DISALLOWED_ASSET_CHARS), char).toBe(ASSETS.invalidCharacters);
    }
    expect(assetNameError('MC\t01', [])).toBe(ASSETS.invalidCharacters);
    expect(assetNameError('MC-0142 Liebherr LTM 1100 (yard 2)', DEFAULT_DISALLOWED_ASSET_CHARS)).toBeNull();
    expect(assetNameError('M.C. 7', ['#'])).toBeNull();
  });

  it('holds LO-ADMIN, who may change the list, only to #; everyone else to the default list', () => {
    expect(serverDisallowedAssetChars('LO-ADMIN')).toEqual(['#']);
    expect(serverDisallowedAssetChars('SCHEDULER')).toEqual(DEFAULT_DISALLOWED_ASSET_CHARS);
    expect(serverDisallowedAssetChars('CLIENT-ADMIN')).toEqual(DEFAULT_DISALLOWED_ASSET_CHARS);
  });
});

describe('save bodies', () => {
  it('reads the spec asset payload with numeric strings and names the missing fields', () => {
    const parsed = AssetBody.parse({ objectType: 'ASSET', assetTypeId: '12', companyId: 5, parentId: '7', name: ' Crane 1 ', status: 1 });
    expect(parsed).toMatchObject({ assetTypeId: 12, companyId: 5, parentId: 7, name: 'Crane 1' });
    expect(parsed.id ?? null).toBeNull();
    const missing = AssetBody.safeParse({ objectType: 'ASSET', name: '' });
    expect(missing.success).toBe(false);
    const messages = Object.fromEntries((missing.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      assetTypeId: 'Asset Type is required',
      companyId: 'Client is required',
      parentId: 'Site is required',
      name: ASSETS.nameMandatory,
    });
  });

  it('needs a street for a new site unless the client address is copied', () => {
    expect(JobSiteBody.safeParse({ name: 'Yard', companyId: 1 }).success).toBe(false);
    expect(JobSiteBody.safeParse({ name: 'Yard', companyId: 1, street: ' ' }).success).toBe(false);
    expect(JobSiteBody.safeParse({ name: 'Yard', companyId: 1, copyClientAddress: true }).success).toBe(true);
    expect(JobSiteBody.parse({ name: ' Yard ', companyId: '3', street: 'Road 1', pin: '0' })).toMatchObject({
      name: 'Yard',
      companyId: 3,
      pin: 0,
    });
    expect(JobSiteBody.safeParse({ name: 'Yard', companyId: 1, street: 'Road 1', pin: -1 }).success).toBe(false);
  });

  it('reads the inspector query with its include list', () => {
    expect(InspectorQuery.parse({ officeId: '10', include: '3,4,3' })).toEqual({ officeId: 10, include: [3, 4] });
    expect(InspectorQuery.safeParse({ officeId: '10', include: '3,,4' }).success).toBe(false);
    expect(InspectorQuery.safeParse({ officeId: '10', other: '1' }).success).toBe(false);
  });
});

describe('isInspectorFor', () => {
  const engineer = { type: 0, role: 'FIELD-ENGG', officeId: 10, secondaryOfficeIds: '11', divisionIds: '1,2' };
  it('needs an inspector role, the office among the user offices and a shared division', () => {
    expect(isInspectorFor(engineer, { divisionIds: [2] }, 10)).toBe(true);
    expect(isInspectorFor(engineer, { divisionIds: [2] }, 11)).toBe(true);
    expect(isInspectorFor(engineer, { divisionIds: [2] }, 12)).toBe(false);
    expect(isInspectorFor(engineer, { divisionIds: [3] }, 10)).toBe(false);
    expect(isInspectorFor({ ...engineer, role: 'APPROVER' }, { divisionIds: [2] }, 10)).toBe(false);
    expect(isInspectorFor({ ...engineer, type: 1 }, { divisionIds: [2] }, 10)).toBe(false);
  });
  it('does not limit a caller without divisions by division', () => {
    expect(isInspectorFor(engineer, { divisionIds: [] }, 10)).toBe(true);
  });
});
