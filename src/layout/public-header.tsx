import { useRuntime } from '../session/runtime-context';
import { Brand } from './brand';

export function PublicHeader() {
  const { config } = useRuntime();
  return (
    <header className="public-header">
      <Brand href={config.links.companySite} />
      <span className="brand-subtitle">Solicitud online</span>
    </header>
  );
}
