// The e.firma calls (issue 20): POST /{code}/firma/{uuid} keeps a packet signed in the browser once
// server/efirma/signed-packet-check.ts accepts it; GET /{code}/firma/{uuid} lists its signatures;
// GET …/pdf downloads the signed PDF after the last one. The session reaches them as it reaches
// the packet's print: staff any client record, the public one whose uuid it holds, never one
// staff registered or one expired.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { string } from 'yup';
import { EFIRMA_REFUSALS, efirmaSignaturesAnswerSchema, SIGNED_PACKET_MAX_BYTES, SIGNER_ROLE_LABELS, signedPacketBodySchema } from '../../forms/contracts/efirma';
import { ApiError } from '../api-error';
import { isStaff, WIZARD_CODES } from '../applications/application-routes';
import { requireSession } from '../auth/session';
import { answer, refusals } from '../openapi/route-contract';
import { printableApplication, type Code } from '../print/print-routes';
import { ConcurrentSignatureError } from './efirma-repository';
import type { EfirmaSignatureRow } from './efirma-tables';
import { signerRolesOf, storedSignedPacket } from './signing-context';

const PDF_TYPE = 'application/pdf';

const shown = (row: EfirmaSignatureRow) => ({
  orden: row.orden,
  rfc: row.rfc,
  rfc_representante: row.rfc_representante,
  nombre: row.nombre,
  calidad: row.calidad,
  numero_certificado: row.numero_certificado,
  firmado_el: new Date(row.firmado_el).toISOString(),
  recibido_el: new Date(row.recibido_el).toISOString(),
  cadena_verificada: row.cadena_verificada,
  sha256: row.sha256,
  longitud: row.longitud,
});

export async function efirmaRoutes(app: FastifyInstance) {
  // Read once at start: a folder that holds something other than certificates stops the server.
  // The PDF and certificate readers load then, or with the first signature received, not at every start.
  const trusted = app.config.satCaDir ? (await import('./certificate-chain')).readCaDirectory(app.config.satCaDir) : null;
  if (trusted && trusted.length === 0) throw new Error(`SAT_CA_DIR (${app.config.satCaDir}) holds no certificate`);

  // The signed packet's own bytes; anything else sent to these routes is a 415.
  app.addContentTypeParser(PDF_TYPE, { parseAs: 'buffer', bodyLimit: SIGNED_PACKET_MAX_BYTES }, (_request, body, done) => done(null, body));

  const actorOf = (request: FastifyRequest) => (isStaff(request) ? `staff:${request.session!.sub}` : 'public');

  for (const code of Object.keys(WIZARD_CODES) as Code[]) {
    app.post<{ Params: { uuid: string }; Body: Buffer }>(
      `/${code}/firma/:uuid`,
      {
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `Keep the ${code} packet signed with an e.firma` },
        config: {
          contract: {
            body: signedPacketBodySchema,
            bodyMediaType: PDF_TYPE,
            answers: { 201: answer(efirmaSignaturesAnswerSchema, 'Accepted and kept: the signatures kept so far, first first'), ...refusals(400, 401, 403, 404, 409, 413, 415, 422) },
          },
        },
      },
      async (request, reply) => {
        const { uuid } = request.params;
        const application = await printableApplication(request, code, uuid);
        if (!Buffer.isBuffer(request.body)) throw new ApiError(415, EFIRMA_REFUSALS.wrongType, 'unsupported_media_type');
        const pdf = new Uint8Array(request.body);
        const { efirma, documentStore, applications } = request.backend;
        const isCompany = code === 'wizardpm';
        const kept = await efirma.signatures(uuid);
        const { checkSignedPacket } = await import('./signed-packet-check');
        const accepted = await checkSignedPacket(pdf, {
          stored: await storedSignedPacket(documentStore.storage, kept),
          issued: await efirma.issuedSince(uuid, new Date(application.updated_at)),
          trusted,
          roleOf: await signerRolesOf(applications, application, isCompany),
          signedBy: kept.map((row) => row.rfc),
          isCompany,
          now: new Date(),
        });

        const sha256 = createHash('sha256').update(pdf).digest('hex');
        const orden = kept.length + 1;
        // Its own name: two uploads of the same bytes at once must not share (and then remove) one file.
        const key = `efirma/${uuid}/${orden}-${randomUUID()}.pdf`;
        await documentStore.storage.write(documentStore.bucket, key, pdf, PDF_TYPE);
        const { certificate, role, signature, chainChecked } = accepted;
        try {
          await efirma.add(
            {
              application_uuid: uuid,
              orden,
              rfc: certificate.rfc,
              rfc_representante: certificate.representativeRfc,
              nombre: certificate.holderName,
              calidad: role,
              numero_certificado: certificate.serial,
              firmado_el: signature.signingTime.toISOString(),
              cadena_verificada: chainChecked,
              bucket: documentStore.bucket,
              clave: key,
              longitud: pdf.length,
              sha256,
              actor: actorOf(request),
            },
            `${certificate.holderName} (${certificate.rfc}), ${SIGNER_ROLE_LABELS[role]}, certificado ${certificate.serial}`,
          );
        } catch (error) {
          await documentStore.storage.remove(documentStore.bucket, key).catch(() => {});
          if (error instanceof ConcurrentSignatureError) throw new ApiError(409, EFIRMA_REFUSALS.concurrent, 'concurrent_signature');
          throw error;
        }
        return reply.status(201).send({ data: (await efirma.signatures(uuid)).map(shown) });
      },
    );

    app.get<{ Params: { uuid: string } }>(
      `/${code}/firma/:uuid`,
      {
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `The e.firma signatures of the ${code} packet` },
        config: { contract: { answers: { 200: answer(efirmaSignaturesAnswerSchema, 'The signatures kept, first first; empty when nobody signed yet'), ...refusals(401, 403, 404) } } },
      },
      async (request) => {
        await printableApplication(request, code, request.params.uuid);
        return { data: (await request.backend.efirma.signatures(request.params.uuid)).map(shown) };
      },
    );

    app.get<{ Params: { uuid: string } }>(
      `/${code}/firma/:uuid/pdf`,
      {
        preHandler: requireSession('public', 'system_auth'),
        schema: { summary: `The ${code} packet as signed after its last e.firma signature` },
        config: {
          contract: {
            answers: {
              200: { description: 'The signed PDF, as an attachment', mediaType: PDF_TYPE, schema: string().meta({ openapi: { type: 'string', format: 'binary' } }) },
              ...refusals(401, 403, 404),
            },
          },
        },
      },
      async (request, reply) => {
        const { uuid } = request.params;
        await printableApplication(request, code, uuid);
        const latest = (await request.backend.efirma.signatures(uuid)).at(-1);
        if (!latest) throw new ApiError(404, EFIRMA_REFUSALS.noSignedPdf, 'not_signed');
        const { storage } = request.backend.documentStore;
        const bytes = await storage.read(latest.bucket, latest.clave, SIGNED_PACKET_MAX_BYTES);
        return reply
          .type(PDF_TYPE)
          .header('content-disposition', `attachment; filename="solicitud-${uuid}-firmada.pdf"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );
  }
}
