import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that serve the whole product on http://localhost:8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.smtpUrl).toBeNull();
    expect(config.seedDemo).toBe(true);
    expect(config.seedShowcase).toBe(true);
    expect(config.allowedOrigins).toEqual(['http://localhost:8080']);
    expect(config.web?.shell).toMatch(/apps[\\/]shell[\\/]dist$/);
    expect(config.web?.remotes.assessment).toMatch(/apps[\\/]assessment-mfe[\\/]dist$/);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@db:5432/psicocampus',
      DATA_DIR: '/var/lib/psicocampus',
      PUBLIC_URL: 'https://psicocampus.example.edu/',
      SMTP_URL: 'smtp://mail.example.edu:587',
      ALLOWED_ORIGINS: 'https://remotos.example.edu, https://portal.example.edu/ruta',
      SEED_DEMO: 'false',
      WEB_DIR: '/srv/web',
    });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/psicocampus');
    expect(config.dataDir).toBe('/var/lib/psicocampus');
    expect(config.publicUrl).toBe('https://psicocampus.example.edu');
    expect(config.smtpUrl).toBe('smtp://mail.example.edu:587');
    expect(config.allowedOrigins).toEqual([
      'https://psicocampus.example.edu',
      'https://remotos.example.edu',
      'https://portal.example.edu',
    ]);
    expect(config.seedDemo).toBe(false);
    expect(config.web).toEqual({
      shell: '/srv/web/shell',
      remotes: {
        auth: '/srv/web/remotes/auth',
        patients: '/srv/web/remotes/patients',
        assessment: '/srv/web/remotes/assessment',
        admin: '/srv/web/remotes/admin',
      },
    });
  });

  it('reads SEED_DEMO as showcase (the default), basic or false, and refuses anything else', () => {
    const seed = (value: string) => {
      const { seedDemo, seedShowcase } = loadConfig({ SEED_DEMO: value });
      return { seedDemo, seedShowcase };
    };
    for (const value of ['showcase', 'true', ' Showcase ']) {
      expect(seed(value)).toEqual({ seedDemo: true, seedShowcase: true });
    }
    expect(seed('basic')).toEqual({ seedDemo: true, seedShowcase: false });
    for (const value of ['false', '0', 'off']) {
      expect(seed(value)).toEqual({ seedDemo: false, seedShowcase: false });
    }
    expect(() => loadConfig({ SEED_DEMO: 'lots' })).toThrow(/SEED_DEMO/);
  });

  it("reads the service's time zone, Guayaquil's by default, and refuses one Intl does not know", () => {
    expect(loadConfig({}).serviceTimeZone).toBe('America/Guayaquil');
    expect(loadConfig({ SERVICE_TIME_ZONE: ' Europe/Madrid ' }).serviceTimeZone).toBe(
      'Europe/Madrid',
    );
    for (const zone of ['Marte/Olympus', '+05:00', 'Guayaquil']) {
      expect(() => loadConfig({ SERVICE_TIME_ZONE: zone })).toThrow(
        new ConfigError(
          `SERVICE_TIME_ZONE must be an IANA time zone name such as America/Guayaquil or Europe/Madrid, got "${zone}"`,
        ),
      );
    }
  });

  it('reads the appointment reminders: on, 24 hours before and online by default; refuses a bad value', () => {
    expect(loadConfig({})).toMatchObject({
      appointmentReminders: true,
      appointmentReminderHours: 24,
      appointmentPlace: 'en línea',
    });
    expect(
      loadConfig({
        APPOINTMENT_REMINDERS: 'OFF',
        APPOINTMENT_REMINDER_HOURS: ' 48 ',
        APPOINTMENT_PLACE: ' Edificio B, oficina 204 ',
      }),
    ).toMatchObject({
      appointmentReminders: false,
      appointmentReminderHours: 48,
      appointmentPlace: 'Edificio B, oficina 204',
    });
    expect(() => loadConfig({ APPOINTMENT_REMINDERS: 'a veces' })).toThrow(
      new ConfigError('APPOINTMENT_REMINDERS must be on or off, got "a veces"'),
    );
    for (const hours of ['0', '-2', '1.5', 'veinte', '721']) {
      expect(() => loadConfig({ APPOINTMENT_REMINDER_HOURS: hours })).toThrow(
        new ConfigError(
          `APPOINTMENT_REMINDER_HOURS must be a whole number of hours between 1 and 720, got "${hours}"`,
        ),
      );
    }
  });

  it('reads the follow-up periods: 7 and 30 days by default; refuses a bad value at start', () => {
    expect(loadConfig({})).toMatchObject({ followUpDays: 7, followUpReassessDays: 30 });
    expect(loadConfig({ FOLLOW_UP_DAYS: ' 14 ', FOLLOW_UP_REASSESS_DAYS: '21' })).toMatchObject({
      followUpDays: 14,
      followUpReassessDays: 21,
    });
    for (const variable of ['FOLLOW_UP_DAYS', 'FOLLOW_UP_REASSESS_DAYS']) {
      for (const days of ['0', '-3', '2.5', 'siete', '366']) {
        expect(() => loadConfig({ [variable]: days })).toThrow(
          new ConfigError(
            `${variable} must be a whole number of days between 1 and 365, got "${days}"`,
          ),
        );
      }
    }
  });

  it('reads the record retention: 15 years by default; refuses at start a value that is not whole years from 1 to 100', () => {
    expect(loadConfig({})).toMatchObject({ recordRetentionYears: 15 });
    expect(loadConfig({ RECORD_RETENTION_YEARS: ' 20 ' })).toMatchObject({
      recordRetentionYears: 20,
    });
    for (const years of ['0', '-5', '7.5', 'quince', '101', '15 años']) {
      expect(() => loadConfig({ RECORD_RETENTION_YEARS: years })).toThrow(
        new ConfigError(
          `RECORD_RETENTION_YEARS must be a whole number of years between 1 and 100, got "${years}"`,
        ),
      );
    }
  });

  it('reads the phones the safety plan prints: no service phone and ECU 911 by default; refuses a text that is not a phone', () => {
    expect(loadConfig({})).toMatchObject({ servicePhone: null, crisisLine: '911' });
    expect(loadConfig({ SERVICE_PHONE: ' (02) 299-1700 ', CRISIS_LINE: '+593 171' })).toMatchObject(
      { servicePhone: '(02) 299-1700', crisisLine: '+593 171' },
    );
    expect(() => loadConfig({ SERVICE_PHONE: 'llamar a recepción' })).toThrow(
      new ConfigError(
        'SERVICE_PHONE must be a phone number (digits, spaces and + ( ) - . /, 3 to 20 digits), got "llamar a recepción"',
      ),
    );
    expect(() => loadConfig({ CRISIS_LINE: '12' })).toThrow(/CRISIS_LINE/);
  });

  it('requires a second factor of administrators unless ADMIN_MFA_REQUIRED=off', () => {
    expect(loadConfig({}).mfaRequiredForAdmins).toBe(true);
    expect(loadConfig({ ADMIN_MFA_REQUIRED: ' On ' }).mfaRequiredForAdmins).toBe(true);
    expect(loadConfig({ ADMIN_MFA_REQUIRED: 'off' }).mfaRequiredForAdmins).toBe(false);
    expect(() => loadConfig({ ADMIN_MFA_REQUIRED: 'quizá' })).toThrow(
      new ConfigError('ADMIN_MFA_REQUIRED must be on or off, got "quizá"'),
    );
  });

  it('serves the API alone with WEB_DIR=none', () => {
    expect(loadConfig({ WEB_DIR: 'none' }).web).toBeNull();
  });

  it('refuses a port or an origin it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ PUBLIC_URL: 'localhost' })).toThrow(/PUBLIC_URL/);
  });

  it('migrates at start by default, and reads the two database roles of production', () => {
    const defaults = loadConfig({});
    expect(defaults.migrateOnStart).toBe(true);
    expect(defaults.migrationDatabaseUrl).toBeNull();
    expect(defaults.databaseAppRole).toBeNull();

    const production = loadConfig({
      DATABASE_URL: 'postgres://psicocampus_app:x@db/psicocampus',
      MIGRATE_ON_START: 'false',
      MIGRATION_DATABASE_URL: ' postgres://psicocampus_owner:y@db/psicocampus ',
      DATABASE_APP_ROLE: ' psicocampus_app ',
    });
    expect(production.migrateOnStart).toBe(false);
    expect(production.migrationDatabaseUrl).toBe('postgres://psicocampus_owner:y@db/psicocampus');
    expect(production.databaseAppRole).toBe('psicocampus_app');
  });

  it('refuses a DATABASE_APP_ROLE that is not a lower-case role name, naming the variable', () => {
    for (const role of [
      'PsicoCampus',
      'app; drop table audit_log',
      '"app"',
      '1app',
      'a'.repeat(64),
    ]) {
      expect(() => loadConfig({ DATABASE_APP_ROLE: role })).toThrow(/DATABASE_APP_ROLE/);
    }
  });
});
