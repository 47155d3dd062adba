import { describe, expect, it } from 'vitest';
import { DASHBOARD_CONFIG_NAME, FEATURES_CONFIG_NAME, WEB_ACCESS_CONFIG_NAME } from '../features';
import type { RuleSubject } from '../webAccess';
import { CONFIGURATIONS } from './messages';
import { checkConfigurationText, checkConfigurationValue, documentPath, knownConfiguration, llgSpecialTaskOffered } from './schemas';

const fail = (name: string, value: unknown) => {
  const check = checkConfigurationValue(name, value);
  return check.ok ? 'ok' : check.message;
};

describe('configuration documents', () => {
  it('knows the documents the portal reads by name, without case', () => {
    expect(knownConfiguration('WEBUIACCESSCONFIGURATION')?.name).toBe(WEB_ACCESS_CONFIG_NAME);
    expect(knownConfiguration(' namespaceFeatures ')?.name).toBe(FEATURES_CONFIG_NAME);
    expect(knownConfiguration('reportBranding')).toBeNull();
    expect(knownConfiguration('__proto__')).toBeNull();
  });

  it('accepts web-access rules as one rule or a list, with role aliases and office ids, names or codes', () => {
    const doc = {
      ASSET: { name: 'Equipment', viewRules: { roles: ['client_user', 'SCHEDULER'], isEnabled: true, office: ['AUH', 4] } },
      LOOSEGEAR: { viewRules: [{ roles: ['FIELD-ENGG'], division: ['LIFTING'] }] },
      LLG: { viewRules: [{ roles: ['SCHEDULER'], isEnabled: true }] },
    };
    expect(fail(WEB_ACCESS_CONFIG_NAME, doc)).toBe('ok');
    expect(fail(WEB_ACCESS_CONFIG_NAME, {})).toBe('ok');
  });

  it('names the first wrong path, inside a single rule or a list of rules', () => {
    expect(fail(WEB_ACCESS_CONFIG_NAME, { ASSET: { viewRules: { roles: 'SCHEDULER' } } })).toBe(
      'ASSET.viewRules.roles: must be a list of roles',
    );
    expect(fail(WEB_ACCESS_CONFIG_NAME, { ASSET: { viewRules: [{}, { isEnabled: 1 }] } })).toBe(
      'ASSET.viewRules[1].isEnabled: must be true or false',
    );
    expect(fail(WEB_ACCESS_CONFIG_NAME, { ASSET: { label: 'x' } })).toBe('ASSET.label: "label" is not a known key');
    expect(fail(DASHBOARD_CONFIG_NAME, { tabs: [{ name: 'A', url: '//evil.example' }] })).toBe(
      'tabs[0].url: must be a path of this portal (/...), an https:// address or an in-app view (app:compliance)',
    );
    expect(fail(DASHBOARD_CONFIG_NAME, { tabs: [{ name: 'A', url: 'https://bi.example.com/x', viewRules: { roles: ['NONE'] } }] })).toBe(
      'ok',
    );
    expect(fail(FEATURES_CONFIG_NAME, [])).toBe('(top): must be a JSON object');
    expect(fail(WEB_ACCESS_CONFIG_NAME, { ASSET: 'on' })).toBe('ASSET: must be a JSON object');
    expect(fail(WEB_ACCESS_CONFIG_NAME, { ASSET: { viewRules: ['x'] } })).toBe('ASSET.viewRules[0]: must be a JSON object');
  });

  it('any other name holds any JSON object or array; JSON text that does not parse is the spec’s message', () => {
    expect(fail('mobileAppSettings', { anything: [1, 'two'] })).toBe('ok');
    expect(fail('mobileAppSettings', 'text')).toBe('(top): must be a JSON object or array');
    expect(checkConfigurationText('mobileAppSettings', '{"a": }')).toEqual({
      ok: false,
      syntax: true,
      message: CONFIGURATIONS.invalidJson,
    });
    expect(documentPath(['tabs', 0, 'viewRules', 2, 'roles'])).toBe('tabs[0].viewRules[2].roles');
  });

  it('the LLG special task is offered to users whose LLG rule matches', () => {
    const subject: RuleSubject = { role: 'SCHEDULER', primaryOffice: { id: 4, code: 'AUH' }, offices: [], divisions: [] };
    expect(llgSpecialTaskOffered({}, subject)).toBe(false);
    const access = { LLG: { viewRules: [{ roles: ['SCHEDULER'], isEnabled: true, office: ['AUH'] }] } };
    expect(llgSpecialTaskOffered(access, subject)).toBe(true);
    expect(llgSpecialTaskOffered(access, { ...subject, primaryOffice: { id: 5, code: 'DXB' } })).toBe(false);
  });
});
