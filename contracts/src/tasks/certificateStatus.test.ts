import { describe, expect, it } from 'vitest';
import { certificateStatusCode, certificateStatusCodes, READY_FINAL, READY_PREVIEW, readCertificateStatus } from './certificateStatus';

describe('the certificate status (DECISIONS 5)', () => {
  it('maps each phase and state to the spec’s two-digit code and back', () => {
    expect(certificateStatusCode('preview', 'queued')).toBe(11);
    expect(certificateStatusCode('preview', 'generating')).toBe(12);
    expect(certificateStatusCode('final', 'ready')).toBe(33);
    expect(certificateStatusCode('final', 'failed')).toBe(39);
    expect([READY_PREVIEW, READY_FINAL]).toEqual([13, 33]);
    for (const code of [11, 12, 13, 19, 31, 32, 33, 39]) {
      const read = readCertificateStatus(code);
      expect(read).not.toBeNull();
      expect(certificateStatusCode(read!.phase, read!.state)).toBe(code);
    }
    expect(certificateStatusCodes('final')).toEqual([31, 32, 33, 39]);
  });

  it('knows no other code', () => {
    for (const code of [null, undefined, 0, 10, 14, 23, 30, 34, 40, 99]) expect(readCertificateStatus(code)).toBeNull();
  });
});
