// The OCR worker thread: tesseract.js's own Node worker script, started at a lower CPU priority
// (nice 10) so that on a small machine the API's event loop wins the CPU whenever it needs it and
// reads use what is left. Linux only: elsewhere the thread keeps the process's priority.
'use strict';

const fs = require('node:fs');
const os = require('node:os');

try {
  // /proc/thread-self names this thread's task id; setpriority on a task id renices only that thread.
  const taskId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(taskId) && taskId > 0) os.setPriority(taskId, 10);
} catch {
  // not Linux, or not allowed: the thread runs at the process's priority
}

require('tesseract.js/src/worker-script/node/index.js');
