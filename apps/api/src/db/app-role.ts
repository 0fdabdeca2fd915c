import type pg from 'pg';

/**
 * The privileges of the role the server runs as, in a production database
 * with two roles (deploy/README.md, "The database"; SECURITY.md, "Database
 * roles in production"): the schema's owner runs the migrations and then
 * this grant step; the server's role reads and writes rows and nothing else.
 *
 * Tables whose rows are never changed once written: the server's role may
 * insert and read them, never update or delete them. Their append-only
 * triggers are a second wall; the server's role could not disable them
 * anyway, since only a table's owner may ALTER it. A student's deletion still
 * removes their assessments' remarks: a foreign key's cascade runs with the
 * privileges of the referencing table's owner, not the caller's.
 */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'assessment_remarks',
  'clinical_note_addenda',
  'safety_plan_revisions',
] as const;

/** What every other table of the product allows the server's role. */
export const READ_WRITE = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
export const APPEND_ONLY = ['SELECT', 'INSERT'] as const;

export interface AppRoleGrants {
  role: string;
  /** The tables the role may insert into and read, never change. */
  appendOnly: string[];
  /** The tables the role may read and write. */
  readWrite: string[];
}

/** The role or the database is set up so that the grant would not hold; nothing was changed. */
export class AppRoleError extends Error {}

function identifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

interface RoleRow {
  rolsuper: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolbypassrls: boolean;
  member_of_owner: boolean;
}

/**
 * Refuses a role that would keep a way around the grants, saying how to fix
 * it; `npm run migrate` asks before migrating, and the grant asks again.
 */
export async function checkAppRole(client: pg.ClientBase, role: string): Promise<void> {
  const owner = (await client.query<{ owner: string }>('select current_user as owner')).rows[0]!
    .owner;
  if (role === owner) {
    throw new AppRoleError(
      `DATABASE_APP_ROLE (${role}) es el mismo rol con el que se conecta npm run migrate. Las migraciones las aplica el rol propietario del esquema (MIGRATION_DATABASE_URL); el servidor usa otro rol, sin propiedad sobre las tablas, que es el que va en DATABASE_APP_ROLE y en el DATABASE_URL del servidor.`,
    );
  }
  const found = await client.query<RoleRow>(
    `select rolsuper, rolcreaterole, rolcreatedb, rolbypassrls,
            pg_has_role($1, current_user, 'MEMBER') as member_of_owner
       from pg_catalog.pg_roles where rolname = $1`,
    [role],
  );
  const row = found.rows[0];
  if (!row) {
    throw new AppRoleError(
      `El rol ${role} (DATABASE_APP_ROLE) no existe en el servidor PostgreSQL. Créalo primero: sudo -u postgres createuser --pwprompt ${role}`,
    );
  }
  const powers = [
    row.rolsuper && 'SUPERUSER',
    row.rolcreaterole && 'CREATEROLE',
    row.rolcreatedb && 'CREATEDB',
    row.rolbypassrls && 'BYPASSRLS',
  ].filter(Boolean);
  if (powers.length > 0) {
    throw new AppRoleError(
      `El rol ${role} (DATABASE_APP_ROLE) tiene atributos que le permitirían saltarse sus permisos (${powers.join(', ')}). Quítaselos: ALTER ROLE ${role} NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS;`,
    );
  }
  if (row.member_of_owner) {
    throw new AppRoleError(
      `El rol ${role} (DATABASE_APP_ROLE) es miembro del rol propietario ${owner}, así que podría actuar como él. Quita esa pertenencia: REVOKE ${owner} FROM ${role};`,
    );
  }
  const owned = await client.query<{ object: string }>(
    `select 'la base de datos ' || datname as object from pg_catalog.pg_database
       where datname = current_database() and datdba = (select oid from pg_roles where rolname = $1)
     union all
     select 'el esquema ' || nspname from pg_catalog.pg_namespace
       where nspowner = (select oid from pg_roles where rolname = $1)
     union all
     select 'la tabla ' || relname from pg_catalog.pg_class
       where relowner = (select oid from pg_roles where rolname = $1)
         and relnamespace in (select oid from pg_namespace where nspname in ('public', 'drizzle'))
     order by 1 limit 5`,
    [role],
  );
  if (owned.rows.length > 0) {
    throw new AppRoleError(
      `El rol ${role} (DATABASE_APP_ROLE) es propietario de ${owned.rows.map((r) => r.object).join(', ')}: el propietario puede desactivar los disparadores del registro de auditoría y borrarlo. Pasa la propiedad al rol propietario, como superusuario en esta base de datos: REASSIGN OWNED BY ${role} TO ${owner}; (y ALTER DATABASE … OWNER TO ${owner}; si era el dueño de la base de datos).`,
    );
  }
}

/**
 * Gives `role` exactly its privileges, from nothing, on every table the
 * migrations made: run by `npm run migrate` as the schema's owner after each
 * migration, in one transaction (the caller holds the migration lock, since
 * concurrent GRANTs on one object can fail). Running it again changes nothing.
 *
 * No ALTER DEFAULT PRIVILEGES: a table a later migration adds gets its
 * privileges here, right after that migration, where the append-only rule
 * applies to it too; a default would grant UPDATE and DELETE to every new table.
 */
export async function grantAppRole(client: pg.ClientBase, role: string): Promise<AppRoleGrants> {
  await client.query('begin');
  try {
    await checkAppRole(client, role);
    const database = (await client.query<{ name: string }>('select current_database() as name'))
      .rows[0]!.name;
    const app = identifier(role);
    const db = identifier(database);
    const appendOnly = APPEND_ONLY_TABLES.map(identifier).join(', ');
    for (const statement of [
      // Connect, and nothing else: no CREATE (schemas), no TEMPORARY (tables of its own).
      `revoke all on database ${db} from ${app}`,
      `revoke temporary on database ${db} from public`,
      `grant connect on database ${db} to ${app}`,
      // PostgreSQL 15 already keeps CREATE on "public" from PUBLIC; older servers did not.
      `revoke create on schema public from public`,
      `revoke all on schema public from ${app}`,
      `grant usage on schema public to ${app}`,
      // Start from nothing on every table, then give exactly the list.
      `revoke all on all tables in schema public from ${app}`,
      `grant ${READ_WRITE.join(', ')} on all tables in schema public to ${app}`,
      `revoke update, delete on ${appendOnly} from ${app}`,
      `revoke all on all sequences in schema public from ${app}`,
      `grant usage, select on all sequences in schema public to ${app}`,
      // Read which migrations are applied (the server's start-up check) and
      // copy that table in `npm run backup`, which pg_dump does as this role.
      `revoke all on schema drizzle from ${app}`,
      `grant usage on schema drizzle to ${app}`,
      `revoke all on all tables in schema drizzle from ${app}`,
      `grant select on all tables in schema drizzle to ${app}`,
      `revoke all on all sequences in schema drizzle from ${app}`,
      `grant select on all sequences in schema drizzle to ${app}`,
    ]) {
      await client.query(statement);
    }
    const grants = await readGrants(client, role);
    await client.query('commit');
    return grants;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * The role's privileges as PostgreSQL now answers them, checked against the
 * rule: an append-only table that still allowed a change would make the
 * command fail rather than report success.
 */
async function readGrants(client: pg.ClientBase, role: string): Promise<AppRoleGrants> {
  const tables = await client.query<{
    name: string;
    select: boolean;
    insert: boolean;
    change: boolean;
    owner: boolean;
  }>(
    `select c.relname as name,
            has_table_privilege($1, c.oid, 'SELECT') as select,
            has_table_privilege($1, c.oid, 'INSERT') as insert,
            has_table_privilege($1, c.oid, 'UPDATE')
              or has_table_privilege($1, c.oid, 'DELETE')
              or has_table_privilege($1, c.oid, 'TRUNCATE')
              or has_table_privilege($1, c.oid, 'TRIGGER')
              or has_table_privilege($1, c.oid, 'REFERENCES') as change,
            pg_has_role($1, c.relowner, 'USAGE') as owner
       from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`,
    [role],
  );
  const appendOnly: string[] = [];
  const readWrite: string[] = [];
  for (const table of tables.rows) {
    const isAppendOnly = (APPEND_ONLY_TABLES as readonly string[]).includes(table.name);
    if (table.owner || !table.select || !table.insert || (isAppendOnly && table.change)) {
      throw new AppRoleError(
        `Los permisos de ${role} sobre la tabla ${table.name} no quedaron como deben; no se cambió nada.`,
      );
    }
    (isAppendOnly ? appendOnly : readWrite).push(table.name);
  }
  return { role, appendOnly, readWrite };
}
