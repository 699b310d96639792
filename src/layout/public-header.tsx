import { useRuntime } from '../session/runtime-context';

export function PublicHeader() {
  const { config } = useRuntime();
  return (
    <header className="public-header">
      <a className="brand" href={config.links.companySite}>
        {config.company.name}
      </a>
      <span className="brand-subtitle">Solicitud online</span>
    </header>
  );
}
