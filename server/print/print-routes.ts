// The print calls (spec 02 §2, §7): GET /{code}/print/cliente/{uuid} answers the record and its
// packet as blocks, for the print views; …/pdf answers the same packet as a PDF. Staff print any
// client record, a PM without its guarantors. The public prints a client record by its uuid once
// it is complete or while it is within its 30 days, and never one staff registered (DESIGN.md §6).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { string } from 'yup';
import { CLIENT_NOT_FOUND_TEXT, printAnswerSchema } from '../../forms/contracts/print';
import type { Packet } from '../../forms/print/packet-model';
import { buildPacket } from '../../forms/print/packet';
import { printedPerson } from '../../forms/print/printed-person';
import { ApiError } from '../api-error';
import { isStaff, staffCreated, WIZARD_CODES } from '../applications/application-routes';
import { parseModel } from '../applications/application-repository';
import { requireSession } from '../auth/session';
import { forbidden } from '../http-errors';
import { answer, refusals } from '../openapi/route-contract';
import { UUID } from '../uuid';
import { printDay } from './print-day';
import { isExpired } from '../applications/application-expiry';
import type { Application } from '../applications/application-tables';

export type Code = keyof typeof WIZARD_CODES;
type Model = Record<string, unknown>;

const withoutKeys = (model: Model, keys: string[]) => Object.fromEntries(Object.entries(model).filter(([key]) => !keys.includes(key)));

const notFound = () => new ApiError(404, CLIENT_NOT_FOUND_TEXT, 'not_found');

/** The client record of that wizard once the session may print (or sign) its packet; a refusal otherwise. */
export async function printableApplication(request: FastifyRequest, code: Code, uuid: string): Promise<Application> {
  if (!UUID.test(uuid)) throw notFound();
  const application = await request.backend.applications.find(uuid);
  if (!application || application.code !== code || application.clasificacion !== 'Cliente') throw notFound();
  if (!isStaff(request)) {
    if (staffCreated(application)) throw forbidden('Esta solicitud fue registrada por el personal de la empresa: pide a tu asesor los documentos para firmar.');
    if (isExpired(application)) throw forbidden('La solicitud ha expirado y ya no puede imprimirse, por favor comience el registro nuevamente.');
  }
  return application;
}

export async function printRoutes(app: FastifyInstance) {
  const repository = (request: FastifyRequest) => request.backend.applications;

  /** The record and the guarantors its packet prints, once the session may print it. */
  const printable = async (request: FastifyRequest, code: Code, uuid: string) => {
    const application = await printableApplication(request, code, uuid);
    const { pld_coincidences: _review, ...record } = parseModel(application) as Model;
    // Nothing to print: no name and no RFC (spec 02 §2, 'Cliente no encontrado').
    const { name, rfc } = printedPerson(record);
    if (name === '' && rfc === '') throw notFound();
    // Staff print a PM without its guarantors (spec 02 §2).
    const guarantors: Model[] = [];
    if (code === 'wizardpm' && !isStaff(request)) {
      for (const { uuid: guarantorUuid } of await repository(request).guarantorsOf(uuid)) {
        const row = await repository(request).find(guarantorUuid);
        if (row) {
          const { pld_coincidences: _guarantorReview, ...guarantor } = parseModel(row) as Model;
          guarantors.push(guarantor);
        }
      }
    }
    // What only staff read of a record: the duplicate count and the provider's own bureau request.
    // The public sees its records without the duplicate count and the bureau html, as in data.data.
    const shown = (model: Model) => (isStaff(request) ? model : withoutKeys(model, ['cantidad_duplicados', 'formatobce']));
    return { record: code === 'wizardpm' ? { ...shown(record), avales: guarantors.map(shown) } : shown(record), packetRecord: record, guarantors };
  };

  const packetOf = async (request: FastifyRequest, record: Model, guarantors: Model[], today: Date): Promise<Packet> => {
    const html = (record.formatobce as { html?: unknown } | null | undefined)?.html;
    // DOMPurify's jsdom loads with the first record that has a bureau request of its own.
    const customBureau = typeof html === 'string' && html.trim() !== '' ? (await import('./bureau-html')).bureauBlocks(html) : null;
    const company = await request.backend.companyData.read();
    return buildPacket({ record, guarantors, customBureau }, { company, today });
  };

  for (const code of Object.keys(WIZARD_CODES) as Code[]) {
    app.get<{ Params: { uuid: string } }>(
      `/${code}/print/cliente/:uuid`,
      {
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `The ${code} record and its printable packet` },
        config: { contract: { answers: { 200: answer(printAnswerSchema, 'The record (`data.data`) and its packet as blocks'), ...refusals(401, 403, 404, 429) } } },
      },
      async (request) => {
        const { record, packetRecord, guarantors } = await printable(request, code, request.params.uuid);
        return { data: { data: record }, packet: await packetOf(request, packetRecord, guarantors, printDay().local) };
      },
    );

    app.get<{ Params: { uuid: string } }>(
      `/${code}/print/cliente/:uuid/pdf`,
      {
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `The ${code} packet as a PDF` },
        config: {
          contract: {
            answers: {
              200: { description: 'The packet as a PDF with real text and embedded fonts', mediaType: 'application/pdf', schema: string().meta({ openapi: { type: 'string', format: 'binary' } }) },
              ...refusals(401, 403, 404, 429),
            },
          },
        },
      },
      async (request, reply) => {
        const { packetRecord, guarantors } = await printable(request, code, request.params.uuid);
        const day = printDay();
        const packet = await packetOf(request, packetRecord, guarantors, day.local);
        const { packetPdf } = await import('./packet-pdf');
        const pdf = await packetPdf(packet, day.utc);
        // What was handed out, so a packet signed with an e.firma can be matched to it (server/efirma/).
        await request.backend.efirma.recordIssued(request.params.uuid, pdf.length, createHash('sha256').update(pdf).digest('hex'));
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="solicitud-${request.params.uuid}.pdf"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  }
}
