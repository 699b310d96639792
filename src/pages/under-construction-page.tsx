// The page of a route whose screen has not landed yet: it shows that the route table, the
// optional uuid and the franchise of the `params` query already work.
import { Callout, H1 } from '@blueprintjs/core';
import { useMatches, useParams, useSearchParams } from 'react-router-dom';

export function UnderConstructionPage() {
  const { uuid } = useParams();
  const [search] = useSearchParams();
  const franchise = search.get('params');
  const title = (useMatches().at(-1)?.handle as { title?: string } | undefined)?.title ?? 'Solicitud online';
  return (
    <section className="under-construction" aria-labelledby="page-title">
      <H1 id="page-title">{title}</H1>
      <Callout intent="primary" title="En construcción">
        Esta sección está en construcción.
      </Callout>
      <dl className="route-facts">
        <dt>Solicitud</dt>
        <dd data-testid="route-uuid">{uuid ?? 'nueva'}</dd>
        <dt>Franquicia</dt>
        <dd data-testid="route-franchise">{franchise ?? 'sin franquicia'}</dd>
      </dl>
    </section>
  );
}
