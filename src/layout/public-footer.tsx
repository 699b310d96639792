import { useRuntime } from '../session/runtime-context';

export function PublicFooter() {
  const { config } = useRuntime();
  const { links } = config;
  return (
    <footer className="public-footer">
      <nav aria-label="Redes sociales y sitio de la empresa">
        <ul>
          <li>
            <a href={links.facebook} rel="noopener noreferrer">Facebook</a>
          </li>
          <li>
            <a href={links.instagram} rel="noopener noreferrer">Instagram</a>
          </li>
          <li>
            <a href={links.linkedin} rel="noopener noreferrer">LinkedIn</a>
          </li>
          <li>
            <a href={links.companySite} rel="noopener noreferrer">Sitio de {config.company.name}</a>
          </li>
        </ul>
      </nav>
      <p>
        © {new Date().getFullYear()} {config.company.razonSocial}
      </p>
    </footer>
  );
}
