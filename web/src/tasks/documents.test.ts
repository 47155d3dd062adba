import { describe, expect, it } from 'vitest';
import { certificateStatusText, isPending, readCertificateStatus } from './documents';

describe('certificate status (DECISIONS 5)', () => {
  it('reads the phase from the tens and the state from the units', () => {
    expect(readCertificateStatus(11)).toEqual({ phase: 'preview', state: 'queued' });
    expect(readCertificateStatus(12)).toEqual({ phase: 'preview', state: 'generating' });
    expect(readCertificateStatus(13)).toEqual({ phase: 'preview', state: 'ready' });
    expect(readCertificateStatus(19)).toEqual({ phase: 'preview', state: 'failed' });
    expect(readCertificateStatus(33)).toEqual({ phase: 'final', state: 'ready' });
    expect(readCertificateStatus(39)).toEqual({ phase: 'final', state: 'failed' });
  });

  it('knows no status for nothing or for codes outside the scheme', () => {
    for (const code of [null, undefined, 0, 14, 23, 41, 5]) expect(readCertificateStatus(code)).toBeNull();
    expect(certificateStatusText(null)).toBe('No certificate yet');
  });

  it('polls only while queued or generating', () => {
    expect([11, 12, 31, 32].every(isPending)).toBe(true);
    expect([13, 19, 33, 39, null].some(isPending)).toBe(false);
    expect(certificateStatusText(32)).toBe('Certificate: being generated');
    expect(certificateStatusText(19)).toBe('Preview certificate: failed to generate');
  });
});
