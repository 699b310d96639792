// The company's look from configuration: the headers' logo (COMPANY_LOGO_URL) and the primary colour
// (COMPANY_PRIMARY_COLOR) of the headers and primary buttons. White text sits on that colour, so it
// must reach WCAG AA against white (4.5:1); a lighter one is darkened until it does, with a warning.

/** The primary colour and its hover and pressed shades, as #rrggbb. */
export interface BrandColors {
  primary: string;
  hover: string;
  active: string;
}

/** WCAG 2 AA for normal text. */
export const AA_CONTRAST = 4.5;

type Rgb = [number, number, number];

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function parseHex(hex: string): Rgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(parseHex(hex)) + 0.05);
}

/** `hex` mixed with black: `amount` 0 keeps it, 1 is black. */
function darken(hex: string, amount: number): string {
  return toHex(parseHex(hex).map((channel) => channel * (1 - amount)) as Rgb);
}

const round = (ratio: number) => Math.floor(ratio * 100) / 100;

/**
 * COMPANY_PRIMARY_COLOR read: unset, none (the default look); not a #rgb or #rrggbb colour, an
 * error that stops the start; too light for white text, darkened in small steps until it reaches
 * AA, and a warning saying so.
 */
export function brandColors(raw: string | undefined): { colors: BrandColors | null; warning: string | null } {
  const value = raw?.trim() ?? '';
  if (value === '') return { colors: null, warning: null };
  if (!HEX_COLOR.test(value)) throw new Error(`COMPANY_PRIMARY_COLOR must be a hex colour such as #0b5d3b, got "${raw}"`);
  const given = toHex(parseHex(value));
  let primary = given;
  for (let step = 1; contrastWithWhite(primary) < AA_CONTRAST; step += 1) primary = darken(given, step * 0.02);
  const warning =
    primary === given
      ? null
      : `COMPANY_PRIMARY_COLOR ${given} gives white text a contrast of ${round(contrastWithWhite(given))}:1, below the ${AA_CONTRAST}:1 of WCAG AA; ${primary} (${round(contrastWithWhite(primary))}:1) is used instead`;
  return { colors: { primary, hover: darken(primary, 0.15), active: darken(primary, 0.3) }, warning };
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

/**
 * COMPANY_LOGO_URL read: unset, none (the company's name shows); otherwise a path on this site
 * (/logo.svg), an https URL (its origin joins the CSP's img-src) or a data:image URL. Anything else
 * stops the start.
 */
export function logoUrl(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  const samePath = value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
  if (samePath || DATA_IMAGE.test(value) || (/^https:\/\/[^/]/i.test(value) && URL.canParse(value))) return value;
  throw new Error(`COMPANY_LOGO_URL must be a path on this site (/logo.svg), an https URL or a data:image URL, got "${raw}"`);
}

/** The origin a logo is loaded from when another site's, for the CSP's img-src. */
export function logoOrigin(url: string | null): string | null {
  return url && /^https:/i.test(url) ? new URL(url).origin : null;
}
