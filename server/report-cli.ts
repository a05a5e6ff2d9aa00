/** The `npm run report:daily` entry point (server/report-command.ts) on DATABASE_URL and SMTP_URL. */
import { readConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrations.ts';
import { createSmtpMailer } from './mail/mailer.ts';
import { runReportCommand } from './report-command.ts';

const config = readConfig();
const database = openDatabase(config.databaseUrl);
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : null;
let code = 1;
try {
  await migrateToLatest(database.db, database.kind);
  code = await runReportCommand(process.argv.slice(2), {
    db: database.db,
    mailer,
    now: new Date(),
    out: (text) => console.log(text),
    err: (text) => console.error(text),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  mailer?.close();
  await database.close();
}
process.exit(code);
