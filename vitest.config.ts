import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const API_TESTS = 'tests/api/**/*.test.ts';

/**
 * Every test runs on SQLite. With TEST_DATABASE_URL (a PostgreSQL server, e.g.
 * postgres://postgres@127.0.0.1:5432/test) the API tests run a second time on PostgreSQL, each
 * test shop in a schema of its own.
 */
const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'sqlite',
      include: [
        'contract/**/*.test.ts',
        'src/**/*.test.ts',
        'integrations/**/*.test.ts',
        'tests/server/**/*.test.ts',
        API_TESTS,
      ],
      // It restarts PostgreSQL under the shop: it runs in the postgres project only.
      exclude: ['tests/api/postgres-restart.test.ts'],
    },
  },
  {
    extends: true,
    test: {
      // Processes of the shop behind nginx, on PostgreSQL and Redis; skipped (saying why) without them.
      name: 'cluster',
      include: ['tests/cluster/**/*.test.ts'],
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'postgres',
      include: [API_TESTS],
      // Start-up failures run `npm start` as a process with its own settings: nothing to repeat.
      exclude: ['tests/api/startup-failures.test.ts'],
      env: { TEST_ENGINE: 'postgres' },
    },
  });
} else {
  console.log('The API tests on PostgreSQL are skipped: TEST_DATABASE_URL is not set (see the README, "Tests").');
}

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    // A test shop on PostgreSQL migrates a schema of its own first: seconds on a busy machine.
    hookTimeout: 30_000,
    projects,
  },
});
