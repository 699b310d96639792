// The company data the database is first seeded with (server/config.ts), for the packet's tests.
import { loadConfig } from '../../../server/config';

export const TEST_COMPANY = loadConfig({}).printCompany;
