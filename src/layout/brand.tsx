// The company's brand: the headers' link with its logo (alt text the company name) or its name,
// and the configured primary colour set as the custom properties styles.css reads.
import type { ClientConfig } from '../../forms/contracts/client-config';
import { useRuntime } from '../session/runtime-context';

export function Brand({ href }: { href: string }) {
  const { config } = useRuntime();
  const { name, logoUrl } = config.company;
  return (
    <a className="brand" href={href}>
      {logoUrl ? <img className="brand-logo" src={logoUrl} alt={name} /> : name}
    </a>
  );
}

/** The primary colour and its shades on the page's root; unset, styles.css keeps the default look. */
export function applyBrandColors(root: HTMLElement, colors: ClientConfig['company']['colors']) {
  if (!colors) return;
  root.classList.add('brand-colored');
  root.style.setProperty('--brand-primary', colors.primary);
  root.style.setProperty('--brand-primary-hover', colors.hover);
  root.style.setProperty('--brand-primary-active', colors.active);
  // The headers' quieter texts are white on a colour chosen only for white text.
  root.style.setProperty('--header-muted', '#fff');
}
