// The product's server with the OCR routes registered as app.ts registers the API's (under /api, the
// backend on each request), reading "stored" files from the generated documents by key: 'ine-<n>'
// (INE fronts) and 'csf' (a Constancia PDF). For tests/bench/ocr-speed.ts until app.ts registers them.
import { buildApp } from '../../../server/app';
import { ApiError } from '../../../server/api-error';
import { databaseTarget, openBackend } from '../../../server/backend';
import { loadConfig } from '../../../server/config';
import { ocrRoutes, type ReadStored } from '../../../server/ocr/ocr-routes';
import { constanciaPdf } from '../../support/documents/constancia';
import { ineFront } from '../../support/documents/id-cards';
import { COMPANIES, PEOPLE } from '../../support/documents/people';

const config = loadConfig();
const backend = openBackend(config, databaseTarget(config));
const app = await buildApp({ config, backend, logger: false });
const files = new Map<string, Buffer>([...PEOPLE.map((person, i) => [`ine-${i}`, ineFront(person)] as const), ['csf', await constanciaPdf({ kind: 'company', company: COMPANIES[0]! })]]);
const readStored: ReadStored = async (_request, file) => {
  const bytes = files.get(file.key);
  if (!bytes) throw new ApiError(404, 'El archivo no existe.', 'not_found');
  return { bytes, format: file.format as never, id: file.key };
};
await app.register(
  async (api) => {
    api.addHook('onRequest', async (request) => {
      request.backend = await backend;
    });
    await api.register(ocrRoutes, { readStored });
  },
  { prefix: '/api' },
);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
