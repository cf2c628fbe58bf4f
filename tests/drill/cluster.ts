import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../support/nodes';
import { waitFor } from '../support/wait';

/**
 * The failover drill's database (docs/decisions/0046): a PostgreSQL primary and a streaming
 * standby made with `pg_basebackup -R` on this machine, in a folder of their own on free ports,
 * and PgBouncer in front on another port, the one address the nodes know. Debian's binaries
 * (`PG_BIN`, by default the newest /usr/lib/postgresql/N/bin; PgBouncer from Debian's package,
 * installed when missing). PostgreSQL and PgBouncer refuse to run as root: run as root, they run
 * as the `postgres` user (runuser), and their folder is that user's.
 */

const run = promisify(execFile);
const DATABASE = 'ferrybox';
/** The standby's name, which the primary waits for at each commit (synchronous replication). */
const STANDBY_NAME = 'drill_standby';

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      "The drill needs Debian's PostgreSQL server (apt-get install postgresql), or PG_BIN set to the folder of pg_ctl",
    );
  }
  return path.join(root, newest, 'bin');
}

/** Installs Debian's PgBouncer when it is missing (as .ci/run installs Chromium). */
function pgbouncerBin(): string {
  const found = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error("The drill needs PgBouncer: apt-get install pgbouncer (Debian's package)");
  }
  console.log("Installing Debian's PgBouncer for the drill");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'pgbouncer'],
  ]) {
    const result = spawnSync('apt-get', args, { env, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  return '/usr/sbin/pgbouncer';
}

const asRoot = process.getuid?.() === 0;
/** A command as the user PostgreSQL runs as. */
const asServerUser = (cmd: string, args: string[]) =>
  asRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args);

export interface Cluster {
  /** postgres:// URL of the database through PgBouncer: what the nodes use. */
  url: string;
  /** Direct URLs of the primary and the standby (the drill reads and fences them). */
  primaryUrl: string;
  standbyUrl: string;
  /** Promotes the standby (pg_ctl promote) and waits until it takes writes. */
  promote(): Promise<void>;
  /** Points PgBouncer at the standby and drops the connections it held to the old primary. */
  repoint(): Promise<void>;
  /** The old primary refuses writes (default_transaction_read_only, reloaded): a fenced one. */
  primaryReadOnly(): Promise<void>;
  /** Stops the old primary (fast shutdown: its sessions are ended). */
  stopPrimary(): Promise<void>;
  /** Stops everything and removes the folder. */
  destroy(): Promise<void>;
}

const conf = (lines: Record<string, string | number>) =>
  Object.entries(lines)
    .map(([k, v]) => `${k} = ${typeof v === 'number' ? v : `'${v}'`}`)
    .join('\n') + '\n';

/** SQL on one server, on a connection of its own. */
async function sqlOn(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin();
  const pgbouncer = pgbouncerBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ferrybox-drill-'));
  if (asRoot) await run('chown', ['postgres:postgres', root]);
  const [primaryPort, standbyPort, bouncerPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const primary = path.join(root, 'primary');
  const standby = path.join(root, 'standby');
  const local = (port: number, db = DATABASE) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const pgCtl = (dir: string, ...args: string[]) =>
    asServerUser(path.join(bin, 'pg_ctl'), ['-D', dir, '-w', '-t', '60', ...args]);
  const started: string[] = [];
  let bouncerPid: number | undefined;

  const destroy = async () => {
    if (bouncerPid) {
      try {
        process.kill(bouncerPid, 'SIGINT');
      } catch {
        // already gone
      }
      await waitFor(() => !isRunning(bouncerPid!), { what: 'PgBouncer to stop' });
    }
    for (const dir of started) await pgCtl(dir, '-m', 'immediate', 'stop').catch(() => undefined);
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    await asServerUser(path.join(bin, 'initdb'), [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
    ]);
    fs.appendFileSync(
      path.join(primary, 'postgresql.conf'),
      conf({
        listen_addresses: '127.0.0.1',
        port: primaryPort,
        unix_socket_directories: root,
        max_connections: 100,
        wal_level: 'replica',
        max_wal_senders: 4,
        hot_standby: 'on',
        cluster_name: 'drill_primary',
      }),
    );
    await pgCtl(primary, '-l', path.join(root, 'primary.log'), 'start');
    started.push(primary);
    await sqlOn(local(primaryPort, 'postgres'), `create database ${DATABASE}`);
    // PgBouncer refuses a statement_timeout in the start-up packet (its ignore list drops it), so
    // the server's own cut is set on the database, as an operator behind PgBouncer sets it.
    await sqlOn(
      local(primaryPort, 'postgres'),
      `alter database ${DATABASE} set statement_timeout = '15s'`,
    );

    await asServerUser(path.join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standby,
      '-R',
      '-X',
      'stream',
      // a checkpoint at once, not spread over minutes
      '--checkpoint=fast',
      '--no-sync',
    ]);
    fs.appendFileSync(
      path.join(standby, 'postgresql.conf'),
      conf({ port: standbyPort, cluster_name: STANDBY_NAME }),
    );
    await pgCtl(standby, '-l', path.join(root, 'standby.log'), 'start');
    started.push(standby);
    // From now on a commit is answered once the standby has it: the promoted standby holds every
    // write a node was told had been made (decision 0046).
    await sqlOn(
      local(primaryPort, 'postgres'),
      `alter system set synchronous_standby_names = '${STANDBY_NAME}'`,
    );
    await sqlOn(local(primaryPort, 'postgres'), 'select pg_reload_conf()');
    await waitFor(
      async () =>
        (
          await sqlOn(
            local(primaryPort, 'postgres'),
            `select 1 from pg_stat_replication where application_name = '${STANDBY_NAME}' and sync_state = 'sync'`,
          )
        ).length === 1,
      { what: 'the standby to stream synchronously', timeoutMs: 30_000 },
    );

    const ini = path.join(root, 'pgbouncer.ini');
    const writeIni = (port: number) =>
      fs.writeFileSync(
        ini,
        [
          '[databases]',
          `${DATABASE} = host=127.0.0.1 port=${port} dbname=${DATABASE}`,
          '[pgbouncer]',
          'listen_addr = 127.0.0.1',
          `listen_port = ${bouncerPort}`,
          `unix_socket_dir = ${root}`,
          'auth_type = trust',
          `auth_file = ${path.join(root, 'userlist.txt')}`,
          'admin_users = postgres',
          // Session pooling: each node's own pool keeps its connections, and the migrations'
          // session lock needs its session (decision 0046).
          'pool_mode = session',
          'max_client_conn = 200',
          'default_pool_size = 60',
          'ignore_startup_parameters = extra_float_digits,statement_timeout',
          'server_connect_timeout = 3',
          'server_login_retry = 1',
          `logfile = ${path.join(root, 'pgbouncer.log')}`,
          `pidfile = ${path.join(root, 'pgbouncer.pid')}`,
          '',
        ].join('\n'),
        { mode: 0o644 },
      );
    fs.writeFileSync(path.join(root, 'userlist.txt'), '"postgres" ""\n', { mode: 0o644 });
    writeIni(primaryPort);
    await asServerUser(pgbouncer, ['-d', ini]);
    bouncerPid = Number(
      await waitFor(() => fs.readFileSync(path.join(root, 'pgbouncer.pid'), 'utf8').trim(), {
        what: 'PgBouncer to start',
      }),
    );
    const admin = async (command: string) => {
      const client = new pg.Client({ connectionString: local(bouncerPort, 'pgbouncer') });
      await client.connect();
      try {
        await client.query(command);
      } finally {
        await client.end();
      }
    };
    await waitFor(() => sqlOn(local(bouncerPort), 'select 1').then(() => true), {
      what: 'PgBouncer to answer',
    });

    return {
      url: local(bouncerPort),
      primaryUrl: local(primaryPort),
      standbyUrl: local(standbyPort),
      promote: async () => {
        await pgCtl(standby, 'promote');
        await waitFor(
          async () =>
            (await sqlOn(local(standbyPort), 'select pg_is_in_recovery() as r'))[0].r === false,
          { what: 'the standby to be promoted', intervalMs: 20 },
        );
      },
      repoint: async () => {
        writeIni(standbyPort);
        await admin('RELOAD');
        // Session pooling keeps a client's server connection until the client leaves: KILL ends
        // those to the old primary now (the nodes' pools open new ones), RESUME lets them in.
        await admin(`KILL ${DATABASE}`);
        await admin(`RESUME ${DATABASE}`);
      },
      primaryReadOnly: async () => {
        await sqlOn(
          local(primaryPort, 'postgres'),
          'alter system set default_transaction_read_only = on',
        );
        await sqlOn(local(primaryPort, 'postgres'), 'select pg_reload_conf()');
      },
      stopPrimary: async () => {
        await pgCtl(primary, '-m', 'fast', 'stop');
        started.splice(started.indexOf(primary), 1);
      },
      destroy,
    };
  } catch (err) {
    await destroy();
    throw err;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
