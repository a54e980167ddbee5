import { definePart } from '../part.js';

/** Not built yet (issue 13): the onlineData part of online development. */
export default definePart({
  tables: [],
  migrations: {},
  messages: {},
  routes: () => {},
  permissions: [],
});
