import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import { assetViewEnabled, dashboardTabVisible, type RuleSubject, webAccessRuleMatches } from './webAccess';

const dubai = { id: 1, name: 'Dubai Office', code: 'DXB' };
const muscat = { id: 2, name: 'Muscat Office', code: 'MCT' };
const lifting = { id: 10, name: 'LIFTING', code: 'LFT' };
const pressure = { id: 11, name: 'PRESSURE', code: 'PRS' };

const subject = (role: Role, extra: Partial<RuleSubject> = {}): RuleSubject => ({
  role,
  primaryOffice: dubai,
  offices: [dubai, muscat],
  divisions: [lifting],
  ...extra,
});

describe('web-access rules (asset view)', () => {
  it.each(ROLES)('asset view for %s: always LO-ADMIN, otherwise only by a matching enabled rule', (role) => {
    const access = { ASSET: { viewRules: [{ roles: ['SCHEDULER', 'CLIENT-USER'], isEnabled: true }] } };
    const expected = role === 'LO-ADMIN' || role === 'SCHEDULER' || role === 'CLIENT-USER';
    expect(assetViewEnabled(access, subject(role))).toBe(expected);
    expect(assetViewEnabled(null, subject(role))).toBe(role === 'LO-ADMIN');
  });

  it('knows a role by its aliases (CLIENT_USER, CUSTOMER-USER) in asset-view and dashboard rules', () => {
    for (const alias of ['CLIENT_USER', 'customer-user', 'Client-User']) {
      expect(webAccessRuleMatches({ roles: [alias] }, subject('CLIENT-USER')), alias).toBe(true);
      expect(dashboardTabVisible({ name: 'T', url: '/x', viewRules: [{ roles: [alias] }] }, subject('CLIENT-USER')), alias).toBe(true);
    }
    expect(webAccessRuleMatches({ roles: ['CLIENT_USER'] }, subject('SITE-USER'))).toBe(false);
  });

  it('needs the rule to be enabled', () => {
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], isEnabled: false }, subject('SCHEDULER'))).toBe(false);
  });

  it('when it lists offices, needs the primary office among them (by id, name or code)', () => {
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], office: ['DXB'] }, subject('SCHEDULER'))).toBe(true);
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], office: [1] }, subject('SCHEDULER'))).toBe(true);
    // A secondary office does not count.
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], office: ['Muscat Office'] }, subject('SCHEDULER'))).toBe(false);
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], office: ['MCT'] }, subject('SCHEDULER', { primaryOffice: null }))).toBe(false);
  });

  it('when it lists divisions, needs at least one shared division', () => {
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], division: ['PRESSURE', 'LIFTING'] }, subject('SCHEDULER'))).toBe(true);
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], division: ['PRS'] }, subject('SCHEDULER'))).toBe(false);
    expect(webAccessRuleMatches({ roles: ['SCHEDULER'], division: ['11'] }, subject('SCHEDULER', { divisions: [pressure] }))).toBe(true);
  });

  it('accepts a single rule object as well as a list', () => {
    expect(assetViewEnabled({ ASSET: { viewRules: { roles: ['APPROVER'] } } }, subject('APPROVER'))).toBe(true);
  });
});

describe('dashboard tab rules', () => {
  const tab = (viewRules: unknown, isEnabled = true) => ({ name: 'T', url: '/x', isEnabled, viewRules: viewRules as never });

  it.each(ROLES)("'ALL' shows a tab to %s; 'NONE' blocks the rule", (role) => {
    expect(dashboardTabVisible(tab([{ roles: ['ALL'] }]), subject(role))).toBe(true);
    expect(dashboardTabVisible(tab([{ roles: ['ALL', 'NONE'] }]), subject(role))).toBe(false);
  });

  it('a disabled tab never shows; a tab without rules never shows', () => {
    expect(dashboardTabVisible(tab([{ roles: ['ALL'] }], false), subject('SCHEDULER'))).toBe(false);
    expect(dashboardTabVisible(tab([]), subject('SCHEDULER'))).toBe(false);
  });

  it('needs the role, a listed division and an office among the user offices, any rule matching', () => {
    const rules = [{ roles: ['APPROVER'], division: ['LIFTING'], office: ['MCT'] }];
    expect(dashboardTabVisible(tab(rules), subject('APPROVER'))).toBe(true); // Muscat is a secondary office
    expect(dashboardTabVisible(tab(rules), subject('SCHEDULER'))).toBe(false);
    expect(dashboardTabVisible(tab(rules), subject('APPROVER', { divisions: [pressure] }))).toBe(false);
    expect(dashboardTabVisible(tab(rules), subject('APPROVER', { offices: [dubai] }))).toBe(false);
    expect(dashboardTabVisible(tab([...rules, { roles: ['SCHEDULER'] }]), subject('SCHEDULER'))).toBe(true);
  });
});
