// The public footer: the social networks and the company site (spec 01 §1), the privacy notice,
// and the legend a SOFOM E.N.R. carries with a link to CONDUSEF.
import { useRuntime } from '../session/runtime-context';

const CONDUSEF_URL = 'https://www.condusef.gob.mx';

export function PublicFooter() {
  const { config } = useRuntime();
  const { links, company } = config;
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
            <a href={links.companySite} rel="noopener noreferrer">Sitio de {company.name}</a>
          </li>
        </ul>
      </nav>
      <nav aria-label="Información legal">
        <ul>
          <li>
            <a href={links.privacyNotice} rel="noopener noreferrer">Aviso de privacidad</a>
          </li>
          <li>
            <a href={CONDUSEF_URL} rel="noopener noreferrer">CONDUSEF</a>
          </li>
        </ul>
      </nav>
      <p className="sofom-legend">
        {company.razonSocial}, para su constitución y operación no requiere autorización de la Secretaría de Hacienda y Crédito Público, y está sujeta a la
        supervisión de la Comisión Nacional Bancaria y de Valores únicamente para efectos del artículo 56 de la Ley General de Organizaciones y
        Actividades Auxiliares del Crédito.
      </p>
      <p>
        © {new Date().getFullYear()} {company.razonSocial}
      </p>
    </footer>
  );
}
