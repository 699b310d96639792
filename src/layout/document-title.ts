// The browser tab's title names the page (and the wizard's step) and the company:
// 'Vivienda · Solicitud de Persona Física · Arrendadora Occidente'.
import { useEffect } from 'react';
import { useRuntime } from '../session/runtime-context';

export function useDocumentTitle(...parts: Array<string | null | undefined>) {
  const { config } = useRuntime();
  const title = [...parts.filter(Boolean), config.company.name].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
