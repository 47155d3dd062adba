// The users feature's interface: what other features, features/index.ts and demo/ use.
export { registerUserDependency } from './dependencies';
export { loCompanyLocation } from './loCompany';
export { usersRoutes } from './users.routes';
export { sendWelcomeMails, userRow } from './users.service';
export { writeUser } from './users.write';
