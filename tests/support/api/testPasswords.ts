/** The passwords the test databases are seeded with (admin, and every demo user). */
export const TEST_PASSWORDS = { admin: 'admin-test-1', demoUser: 'demo-test-1' };
