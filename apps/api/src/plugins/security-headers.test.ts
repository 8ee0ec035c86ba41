import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders, securityHeaderOptions } from './security-headers';

describe('security headers', () => {
  it('forbid inline and third-party scripts and framing in every environment', () => {
    for (const isProduction of [false, true]) {
      const csp =
        computeSecurityHeaders(securityHeaderOptions(isProduction))['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('add HSTS and upgrade-insecure-requests only in production, where HTTPS terminates in front', () => {
    const development = computeSecurityHeaders(securityHeaderOptions(false));
    const production = computeSecurityHeaders(securityHeaderOptions(true));
    expect(development['strict-transport-security']).toBeUndefined();
    expect(development['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(production['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(production['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
