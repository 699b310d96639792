// An SMTP server for the tests (smtp-server on loopback): keeps what arrived, read back with
// mailparser, and can refuse the next messages with a temporary error.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  received: Array<{ recipients: string[]; mail: ParsedMail }>;
  /** The next `count` messages are refused (451, 'Intenta más tarde'). */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: TestSmtp['received'] = [];
  let refusing = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      if (refusing > 0) {
        refusing -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Intenta más tarde'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push({ recipients: session.envelope.rcptTo.map(({ address }) => address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    refuseNext: (count) => (refusing = count),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
