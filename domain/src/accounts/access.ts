import { areaStaff, customer, publicAccess, registered, rules, type ResourcePolicy } from '../shared/access.ts';

const U = '/api/v1/uav';

/** The admin-style client's own words for a missing, invalid, expired or ended session (its info call). */
export const adminInfoSignInRefused = 'Verification failed, please Login again.';

/** Accounts: signing in is public; the dev SMS inbox exists only with SMS_PROVIDER=dev outside production. */
export const accountsAccess: ResourcePolicy = {
  resource: 'accounts',
  routes: {
    [`POST ${U}/user/login`]: publicAccess,
    [`POST ${U}/user/loginByPhone`]: publicAccess,
    [`GET ${U}/user/phone`]: publicAccess,
    [`POST ${U}/user/register`]: publicAccess,
    [`POST ${U}/user/reset`]: publicAccess,
    [`POST ${U}/user/guest`]: publicAccess,
    [`POST ${U}/user/refresh`]: publicAccess,
    [`GET ${U}/uc/getToken`]: publicAccess,
    'POST /sso-platform/authencation/oauth2/login/user': publicAccess,
    'POST /sso-platform/authencation/oauth2/login/code': publicAccess,
    'POST /sso-platform/authencation/oauth2/login/tenant': publicAccess,
    'POST /sso-platform/user/login': publicAccess,
    'GET /sso-platform/captcha/trigger': publicAccess,
    'GET /sso-platform/captcha/get': publicAccess,
    // Signed in only: the call answers a caller without a rule role itself, in its client's words.
    'GET /sso-platform/user/info': rules(['admin', 'auditor', 'test', 'batchTest'], 'any', {
      signInRefused: adminInfoSignInRefused,
    }),
    [`GET ${U}/dev/sms/latest`]: publicAccess,
    [`POST ${U}/user/logout`]: customer,
    [`GET ${U}/uc/currentUser`]: customer,
    'GET /sso-platform/authorization/user/get': customer,
    [`GET ${U}/user/getUserByUserName`]: customer,
    [`POST ${U}/user/update`]: registered,
    [`POST ${U}/uc/authorize`]: registered,
    [`POST ${U}/user/grantRoles`]: areaStaff('users'),
    [`GET ${U}/backoffice/users`]: areaStaff('users'),
    [`GET ${U}/backoffice/users/roleHistory`]: areaStaff('users'),
    [`POST ${U}/backoffice/users/grantRoles`]: areaStaff('users'),
    [`POST ${U}/backoffice/users/revokeRoles`]: areaStaff('users'),
  },
};
