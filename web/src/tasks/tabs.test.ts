import { describe, expect, it } from 'vitest';
import type { TaskTabs } from '@portal/contracts';
import { tabToShow } from './tabs';

const tabs = (on: (keyof TaskTabs)[]): TaskTabs => ({
  preview: on.includes('preview'),
  jobDetails: on.includes('jobDetails'),
  assetDetails: on.includes('assetDetails'),
  fieldReport: on.includes('fieldReport'),
  inspect: on.includes('inspect'),
  attachAsset: on.includes('attachAsset'),
  fullChecklistReport: on.includes('fullChecklistReport'),
});

describe('task details tab', () => {
  it('opens the tab of the address when it is enabled', () => {
    expect(tabToShow('inspect', tabs(['preview', 'inspect']))).toBe('inspect');
  });
  it('falls back to the first enabled tab for a disabled, unknown or missing one', () => {
    expect(tabToShow('inspect', tabs(['preview', 'jobDetails']))).toBe('preview');
    expect(tabToShow('constructor', tabs(['jobDetails']))).toBe('jobDetails');
    expect(tabToShow(null, tabs(['fieldReport', 'fullChecklistReport']))).toBe('fieldReport');
    expect(tabToShow(null, tabs([]))).toBeNull();
  });
});
