// Who may upload and read which documents: staff any application's; the public an application
// whose uuid it holds while it may still change it (not finished, expired or staff-registered, nor
// a guarantor of such a PM), and, before the first save, what its own session signed.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api-error';
import { isStaff, staffCreated } from '../applications/application-routes';
import type { Application } from '../applications/application-tables';
import { forbidden } from '../http-errors';
import { UUID } from '../uuid';
import { isExpired } from '../applications/application-expiry';

const notFound = () => new ApiError(404, 'No existe una solicitud con ese código.', 'not_found');

/** Who signs and owns a document before its application is stored: 'staff:<id>' or 'public:<session id>'. */
export function ownerOf(request: FastifyRequest): string | undefined {
  if (isStaff(request)) return `staff:${request.session!.sub}`;
  return request.session?.sid ? `public:${request.session.sid}` : undefined;
}

/** The folder of an owner's unsaved documents: a hash, so keys never show a session id. */
export const ownerFolder = (owner: string) => `sesion-${createHash('sha256').update(owner).digest('hex').slice(0, 32)}`;

function refuseClosedToPublic(application: Application, pm: boolean) {
  const what = pm ? 'La solicitud de Persona Moral' : 'La solicitud';
  if (application.complete) throw forbidden(`${what} ya fue finalizada y no puede modificarse.`);
  if (isExpired(application)) throw forbidden(`${what} ha expirado, por favor comience el registro nuevamente.`);
  if (staffCreated(application)) throw forbidden(`${what} fue registrada por el personal de la empresa: no es posible subir documentos desde aquí.`);
}

/** The stored application this session may add documents to (as a save checks it), or a refusal. */
export async function uploadableApplication(request: FastifyRequest, uuid: string): Promise<Application> {
  if (!UUID.test(uuid)) throw notFound();
  const application = await request.backend.applications.find(uuid);
  if (!application) throw notFound();
  if (isStaff(request)) return application;
  refuseClosedToPublic(application, false);
  if (application.editable === 'none') throw forbidden('Existe una solicitud aprobada para este cliente: no es posible modificar sus datos.');
  if (application.parent_uuid) {
    const parent = await request.backend.applications.find(application.parent_uuid);
    if (parent) refuseClosedToPublic(parent, true);
  }
  return application;
}
