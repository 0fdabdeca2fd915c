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

  it('serves the API alone with WEB_DIR=none', () => {
    expect(loadConfig({ WEB_DIR: 'none' }).web).toBeNull();
  });

  it('refuses a port or an origin it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ PUBLIC_URL: 'localhost' })).toThrow(/PUBLIC_URL/);
  });
});
