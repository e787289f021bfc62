/**
 * The admin command's commands: workspaces, API tokens and authors (which the API cannot create),
 * and a look into the local mail outbox. Everything goes through the server's own stores and
 * services, so the CLI writes exactly what the server would and holds no SQL of its own.
 */
import { Command } from 'commander';
import { inTransaction } from '../db/database.ts';
import { timestamp } from '../domain/clock.ts';
import type { ServiceContext } from '../services/context.ts';
import type { Services } from '../services/index.ts';
import { newToken } from '../store/tokens.ts';
import { loadDemo, type DemoTarget } from '../demo/seed.ts';
import { keyValues, table } from './format.ts';
import { emailAddress, positiveId, text } from './input.ts';

export interface AdminContext extends ServiceContext {
  services: Services;
  /** Named in errors, so a mistyped DATABASE_PATH is obvious. */
  databasePath: string;
  smtpConfigured: boolean;
  /** What the demo seed loads into: this database, and the server's images directory and origin. */
  demoTarget: DemoTarget;
}

/** A mistake in the request (an unknown id, say): printed as `error: <message>`, exit status 1. */
export class AdminError extends Error {}

export interface AdminOutput {
  /** The command's result, on stdout. */
  result(text: string): void;
  /** Advice for the person at the terminal, on stderr, so stdout stays easy to parse. */
  note(text: string): void;
}

const ONCE = 'Keep the token now: the database stores only its hash, so it cannot be shown again.';

export function adminProgram(open: () => AdminContext, output: AdminOutput): Command {
  const program = new Command('admin')
    .description('Administer the reference server\'s database (DATABASE_PATH or DATA_DIR, as for the server).')
    .showHelpAfterError('(add --help for usage)');

  const workspaceIn = (context: AdminContext, id: number): number => {
    if (!context.stores.tokens.workspaceExists(id)) throw new AdminError(`There is no workspace ${id} in ${context.databasePath}.`);
    return id;
  };

  const workspace = program.command('workspace').description('Workspaces: each has its own pages, newsletters, authors and tokens.');
  workspace
    .command('create')
    .description('Create a workspace and a first API token for it.')
    .requiredOption('--name <name>', 'name of the workspace', text(255))
    .option('--label <label>', 'label of its first token', text(255), 'admin')
    .action((options: { name: string; label: string }) => {
      const context = open();
      const created = inTransaction(context.db, () => {
        const now = timestamp(context.clock);
        const workspaceId = context.stores.tokens.createWorkspace(options.name, now);
        const token = newToken();
        const tokenId = context.stores.tokens.addToken(workspaceId, token, options.label, now);
        return { workspaceId, tokenId, token };
      });
      output.result(keyValues([['workspace', created.workspaceId], ['name', options.name], ['token_id', created.tokenId], ['token', created.token]]));
      output.note(ONCE);
    });

  const token = program.command('token').description('API tokens: a token acts for exactly one workspace.');
  token
    .command('create')
    .description('Create an API token for a workspace and print it once.')
    .requiredOption('--workspace <id>', 'workspace id', positiveId)
    .option('--label <label>', 'what the token is for, shown by token list', text(255), 'admin')
    .action((options: { workspace: number; label: string }) => {
      const context = open();
      const workspaceId = workspaceIn(context, options.workspace);
      const secret = newToken();
      const tokenId = context.stores.tokens.addToken(workspaceId, secret, options.label, timestamp(context.clock));
      output.result(keyValues([['workspace', workspaceId], ['token_id', tokenId], ['label', options.label], ['token', secret]]));
      output.note(ONCE);
    });
  token
    .command('list')
    .description('List the tokens of a workspace (ids and labels; the tokens themselves are not stored).')
    .requiredOption('--workspace <id>', 'workspace id', positiveId)
    .action((options: { workspace: number }) => {
      const context = open();
      const tokens = context.stores.tokens.listTokens(workspaceIn(context, options.workspace));
      if (tokens.length === 0) return output.result(`Workspace ${options.workspace} has no tokens.`);
      output.result(
        table(
          ['id', 'label', 'created_at', 'status'],
          tokens.map((t) => [t.id, t.label, t.created_at, t.revoked_at ? `revoked ${t.revoked_at}` : 'active']),
        ),
      );
    });
  token
    .command('revoke')
    .description('Revoke a token: requests with it are refused (401) from now on, even by a running server.')
    .requiredOption('--id <id>', 'token id, as token list shows it', positiveId)
    .action((options: { id: number }) => {
      const context = open();
      if (!context.stores.tokens.revokeToken(options.id, timestamp(context.clock))) {
        throw new AdminError(`There is no active token ${options.id} in ${context.databasePath}: it does not exist or is already revoked.`);
      }
      output.result(`Revoked token ${options.id}.`);
    });

  program
    .command('author')
    .description('Authors: the API reads and updates them, but only this command creates them.')
    .command('create')
    .description('Create an author in a workspace.')
    .requiredOption('--workspace <id>', 'workspace id', positiveId)
    .requiredOption('--first-name <name>', 'given name', text(255))
    .option('--last-name <name>', 'family name', text(255))
    .requiredOption('--email <address>', 'the author\'s address (stored in lowercase)', emailAddress)
    .option('--position <position>', 'job title or role, such as Editor', text(255))
    .action((options: { workspace: number; firstName: string; lastName?: string; email: string; position?: string }) => {
      const context = open();
      const author = context.services.authors.create(workspaceIn(context, options.workspace), {
        first_name: options.firstName,
        last_name: options.lastName ?? null,
        email: options.email,
        position: options.position ?? null,
      });
      output.result(
        keyValues([['author', author.id], ['workspace', options.workspace], ['name', author.formatted_name], ['email', author.email], ['slug', author.slug], ['position', author.position ?? '']]),
      );
    });

  program
    .command('demo')
    .description('Demo content, as `npm run mock:stateful` serves it.')
    .command('load')
    .description('Add the two demo workspaces (pages, posts, newsletters, subscribers, emails) with a new token each.')
    .action(async () => {
      const context = open();
      const workspaces = await loadDemo(context.demoTarget, { start: context.clock.now(), tokenFor: () => newToken() });
      output.result(table(['workspace', 'name', 'token'], workspaces.map((w) => [w.id, w.name, w.token])));
      output.note(`${ONCE} Three demo emails are scheduled minutes from now: a running server delivers them.`);
    });

  program
    .command('outbox')
    .description('List the messages the server delivered to its local outbox (when SMTP_URL is not set).')
    .option('--email <id>', 'only the messages of this email', positiveId)
    .option('--json', 'print the messages, HTML included, as a JSON array')
    .action((options: { email?: number; json?: boolean }) => {
      const context = open();
      if (options.email !== undefined && context.stores.emails.state(options.email) === undefined) {
        throw new AdminError(`There is no email ${options.email} in ${context.databasePath}.`);
      }
      if (context.smtpConfigured) output.note('SMTP_URL is set: the server sends through SMTP, and the outbox holds only mail from runs without it.');
      const messages = context.stores.deliveries.outbox(options.email);
      if (options.json) return output.result(JSON.stringify(messages, null, 2));
      if (messages.length === 0) {
        return output.result(options.email === undefined ? 'The outbox is empty.' : `The outbox has no message of email ${options.email}.`);
      }
      output.result(
        table(
          ['created_at', 'email', 'to', 'subject', 'message_id'],
          messages.map((m) => [m.created_at, m.email_id, m.to_address, m.subject, m.message_id]),
        ),
      );
      output.result(`${messages.length} message${messages.length === 1 ? '' : 's'}`);
    });

  return program;
}
