import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

describe.each(testDatabases())('the current user’s settings on $name', (testDb) => {
  const suite = apiSuite(testDb);

  it('saves the language, refuses one the product does not speak, and answers it in the session info', async () => {
    expect(await suite.call(suite.staff, 'PUT', '/api/permission/Users/Current/SystemLanguage', { language: 'fr' })).toMatchObject({ code: 400, msg: expect.stringContaining('language') });
    expect(await suite.call(suite.staff, 'PUT', '/api/permission/Users/Current/SystemLanguage', { language: 'zhtw' })).toMatchObject({ code: 200 });
    expect((await suite.call(suite.staff, 'GET', '/api/oauth/CurrentUser')).data.userInfo.language).toBe('zhtw');
    expect((await suite.call(suite.admin, 'GET', '/api/oauth/CurrentUser')).data.userInfo.language).toBe('zh');
  });
});
