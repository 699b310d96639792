// The company's logo and primary colour from configuration (issue 16): white text on the colour
// reaches WCAG AA, a lighter colour is darkened with a warning, and what is not a colour or an
// allowed logo address stops the start.
import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, brandColors, contrastWithWhite, logoOrigin, logoUrl } from '../../server/brand-settings';
import { loadConfig } from '../../server/config';

describe('contrast of white text', () => {
  it('follows WCAG 2: black 21:1, white 1:1, and known pairs', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    // The greys either side of AA, as contrast checkers give them, and Blueprint's primary blue.
    expect(contrastWithWhite('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastWithWhite('#777')).toBeCloseTo(4.48, 2);
    expect(contrastWithWhite('#2d72d2')).toBeCloseTo(4.72, 2);
  });
});

describe('COMPANY_PRIMARY_COLOR', () => {
  it('unset: no colour, the default look', () => {
    expect(brandColors(undefined)).toEqual({ colors: null, warning: null });
    expect(brandColors('  ')).toEqual({ colors: null, warning: null });
  });

  it('a colour dark enough is kept, with darker hover and pressed shades', () => {
    const { colors, warning } = brandColors('#0B5D3B');
    expect(warning).toBeNull();
    expect(colors?.primary).toBe('#0b5d3b');
    expect(contrastWithWhite(colors!.hover)).toBeGreaterThan(contrastWithWhite(colors!.primary));
    expect(contrastWithWhite(colors!.active)).toBeGreaterThan(contrastWithWhite(colors!.hover));
    expect(brandColors('#036').colors?.primary).toBe('#003366');
  });

  it('a colour too light for white text is darkened until it reaches 4.5:1, and says so', () => {
    const { colors, warning } = brandColors('#ffcc00');
    expect(contrastWithWhite('#ffcc00')).toBeLessThan(AA_CONTRAST);
    expect(contrastWithWhite(colors!.primary)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // Darkened only as far as needed: a step less would not reach AA.
    expect(contrastWithWhite(colors!.primary)).toBeLessThan(5);
    expect(warning).toContain('COMPANY_PRIMARY_COLOR #ffcc00');
    expect(warning).toContain(`${colors!.primary} (`);
    expect(warning).toMatch(/below the 4\.5:1 of WCAG AA/);
    // Just below AA (#777 is 4.48:1): adjusted too.
    expect(brandColors('#777777').warning).not.toBeNull();
  });

  it('what is not a hex colour stops the start', () => {
    for (const bad of ['green', '#12345', 'rgb(0,0,0)', '0b5d3b', '#0b5d3bff']) {
      expect(() => brandColors(bad), bad).toThrow(/COMPANY_PRIMARY_COLOR must be a hex colour/);
    }
  });
});

describe('COMPANY_LOGO_URL', () => {
  it('accepts a path on this site, an https URL and a data:image URL', () => {
    expect(logoUrl(undefined)).toBeNull();
    expect(logoUrl('/logo.svg')).toBe('/logo.svg');
    expect(logoUrl('https://cdn.example.com/marca/logo.png')).toBe('https://cdn.example.com/marca/logo.png');
    expect(logoUrl('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=');
  });

  it('refuses another scheme, a protocol-relative address and what is not an image', () => {
    for (const bad of ['http://cdn.example.com/logo.png', '//cdn.example.com/logo.png', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'logo.png', '/\\evil.example/logo.png']) {
      expect(() => logoUrl(bad), bad).toThrow(/COMPANY_LOGO_URL must be/);
    }
  });

  it("names another site's origin for the CSP, none for this site's or a data URL", () => {
    expect(logoOrigin('https://cdn.example.com/marca/logo.png')).toBe('https://cdn.example.com');
    expect(logoOrigin('/logo.svg')).toBeNull();
    expect(logoOrigin('data:image/png;base64,AAAA')).toBeNull();
    expect(logoOrigin(null)).toBeNull();
  });
});

describe('the configuration the browser is given', () => {
  it("defaults to today's look, and the privacy notice under the company site", () => {
    const { client, warnings } = loadConfig({ COMPANY_SITE_URL: 'https://empresa.example/' });
    expect(client.company.logoUrl).toBeNull();
    expect(client.company.colors).toBeNull();
    expect(client.links.privacyNotice).toBe('https://empresa.example/aviso-de-privacidad');
    expect(warnings).toEqual([]);
    expect(loadConfig({ PRIVACY_NOTICE_URL: 'https://empresa.example/privacidad.pdf' }).client.links.privacyNotice).toBe('https://empresa.example/privacidad.pdf');
  });

  it('carries the logo and the adjusted colour, and the warning to log', () => {
    const { client, warnings } = loadConfig({ COMPANY_LOGO_URL: '/marca.svg', COMPANY_PRIMARY_COLOR: '#66ccff' });
    expect(client.company.logoUrl).toBe('/marca.svg');
    expect(contrastWithWhite(client.company.colors!.primary)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('#66ccff');
  });
});
