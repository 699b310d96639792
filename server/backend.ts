// The parts of the server that need the database, opened in the background so the
// application's pages are served while PGlite initialises a fresh data folder.
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseTarget, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { withServerLimits } from './db/database-target';
import { randomBytes } from 'node:crypto';
import { createTokenSigner, resolveTokenSecret, type TokenSigner } from './auth/tokens';
import { createStaffSessions, type StaffSessions } from './auth/staff-sessions';
import { createDemoStaffIfNone, createStaffRepository, type StaffRepository } from './staff/staff-repository';
import { createApplicationRepository, type ApplicationRepository } from './applications/application-repository';
import { createApplicationLists, type ApplicationLists } from './applications/application-lists';
import { createDuplicateRepository, type DuplicateRepository } from './duplicates/duplicate-repository';
import { buildCatalogIndex, type CatalogIndex } from './catalogs/catalog-index';
import { answersFileIn } from './catalogs/catalog-answer-file';
import { loadMissingCatalogs, type CatalogLoad } from './catalogs/catalog-loader';
import { loadMissingPldLists } from './pld/pld-loader';
import { createPldScreening, type PldScreening } from './pld/pld-screening';
import { createPldMonitor, type PldMonitor } from './pld/pld-monitor';
import { createPldAlerts, type PldAlerts } from './pld/pld-alerts';
import { createCompanyData, type CompanyData } from './print/company-data';
import { createDocumentRepository, type DocumentRepository } from './documents/document-repository';
import { openDocumentStore, type DocumentStore } from './storage/document-store';
import type { MailSettings } from './mail/mail-outbox';
import { createMailQueue, type MailQueue } from './mail/mail-queue';
import { createMailMessages, type MailMessages } from './mail/mail-messages';
import { smtpTransport } from './mail/mail-delivery';
import { createEfirmaRepository, type EfirmaRepository } from './efirma/efirma-repository';

export interface Backend {
  db: Db;
  staff: StaffRepository;
  staffSessions: StaffSessions;
  tokens: TokenSigner;
  catalogs: CatalogIndex;
  applications: ApplicationRepository;
  /** The staff lists, a page at a time. */
  applicationLists: ApplicationLists;
  duplicates: DuplicateRepository;
  /** The high-risk list screening (index built on first use). */
  pld: PldScreening;
  /** Ongoing monitoring of stored applications when a new version of the lists is loaded. */
  pldMonitor: PldMonitor;
  pldAlerts: PldAlerts;
  /** The company data of the printed forms' headers. */
  companyData: CompanyData;
  /** What the outbox's messages say of the company and where their links point. */
  mail: MailSettings;
  /** The outbox's delivery (started by `npm start`, not by test servers unless a test does). */
  mailQueue: MailQueue;
  /** The outbox as staff read it, and sending a message again. */
  mailMessages: MailMessages;
  /** The documents signed for upload, and where their files are kept. */
  documents: DocumentRepository;
  documentStore: DocumentStore;
  /** The packets issued and the e.firma signatures kept. */
  efirma: EfirmaRepository;
  /** The catalogues this start loaded into an empty database (none on later starts). */
  catalogLoads: CatalogLoad[];
  /** Set when this start created the demo staff account on an empty database: its password when this start made it up. */
  demoStaffCreated: false | { username: string; generatedPassword: string | null };
}

export async function openBackend(config: ServerConfig, target: DatabaseTarget): Promise<Backend> {
  return backendOn(config, target, await openDatabase(withServerLimits(config, target)));
}

/** The backend on `target` once opened as `db` (closed again if the backend cannot be made). */
export async function backendOn(config: ServerConfig, target: DatabaseTarget, db: Db): Promise<Backend> {
  try {
    await migrateToLatest(db);
    const catalogLoads = await loadMissingCatalogs(db);
    // The catalogue answers are read (by PGlite's thread, mostly) while the S3 client loads here.
    // On PGlite (one writer) from a copy as a file, read in milliseconds where the database takes 0.3–0.4 s; a database in memory keeps none of its own.
    const answerFiles = target.databaseUrl ? undefined : { own: target.dataDir ? answersFileIn(target.dataDir) : undefined, shipped: target.imageAnswers };
    const [catalogs, documentStore] = await Promise.all([buildCatalogIndex(db, answerFiles), openDocumentStore(config.storage, config.dataDir, db)]);
    // The first start's list load (2–3 s on PGlite) runs behind the API: only the PLD calls wait for it.
    const pldLoad = loadMissingPldLists(db);
    pldLoad.catch(() => {}); // reported by the first PLD call, which waits for it
    const staff = createStaffRepository(db);
    let demoStaffCreated: Backend['demoStaffCreated'] = false;
    if (config.demoStaff) {
      const generatedPassword = config.demoStaffPassword ? null : randomBytes(12).toString('base64url');
      const user = await createDemoStaffIfNone(db, config.demoStaffPassword ?? generatedPassword!);
      if (user) demoStaffCreated = { username: user.username, generatedPassword };
    }
    const tokens = createTokenSigner(await resolveTokenSecret(db, config.jwtSecret));
    // A new index (a reload here, or a newer version another process wrote) starts its load's monitoring.
    const pld = createPldScreening(db, { refreshSeconds: config.pldRefreshSeconds, loading: pldLoad, onNewIndex: () => pldMonitor.kick() });
    const pldMonitor = createPldMonitor(db, pld.indexed);
    return { documents: createDocumentRepository(db), documentStore, efirma: createEfirmaRepository(db), db, staff, staffSessions: createStaffSessions(db), tokens, catalogs, catalogLoads, demoStaffCreated, applications: createApplicationRepository(db, { cacheRecords: !target.databaseUrl, cacheMaxBytes: config.recordCacheMaxBytes }), applicationLists: createApplicationLists(db), duplicates: createDuplicateRepository(db), pld, pldMonitor, pldAlerts: createPldAlerts(db), companyData: createCompanyData(db, config.printCompany), mail: { enabled: config.mail.enabled, company: { name: config.client.company.name, razonSocial: config.client.company.razonSocial }, publicBaseUrl: config.mail.publicBaseUrl }, mailQueue: createMailQueue(db, { databaseUrl: target.databaseUrl, transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : null, from: config.mail.from }), mailMessages: createMailMessages(db) };
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
}
