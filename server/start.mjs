// `npm start`: the server compiled to JavaScript (server/build/server-build.mjs), built again first
// when a source changed since the last build, so an edit is never started stale.
import { buildServer, isBuildCurrent, SERVER_ENTRY } from './build/server-build.mjs';
import { pathToFileURL } from 'node:url';

if (!isBuildCurrent()) {
  console.log('Building the server (a source changed since the last build)...');
  await buildServer();
}
await import(pathToFileURL(SERVER_ENTRY).href);
