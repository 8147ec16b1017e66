import type { ResourcePolicy, RouteAccess } from './shared/access.ts';
import { accountsAccess } from './accounts/access.ts';
import { auditAccess } from './audit/access.ts';
import { claimsAccess } from './claims/access.ts';
import { documentsAccess } from './documents/access.ts';
import { invoicesAccess } from './invoices/access.ts';
import { notificationsAccess } from './notifications/access.ts';
import { serviceAccess } from './observability/access.ts';
import { opsAccess } from './ops/access.ts';
import { orderingAccess } from './ordering/access.ts';
import { paymentsAccess } from './payments/access.ts';
import { rulesAccess } from './rules/access.ts';
import { filesAccess } from './uploads/access.ts';
import { verificationAccess } from './verification/access.ts';
import { endorsementAccess } from './endorsement/access.ts';
import { disclosureAccess } from './disclosure/access.ts';

/** Every resource's policy; a new resource is its `access.ts` and one line here. */
export const resourcePolicies: ResourcePolicy[] = [
  serviceAccess,
  accountsAccess,
  orderingAccess,
  filesAccess,
  claimsAccess,
  documentsAccess,
  auditAccess,
  invoicesAccess,
  notificationsAccess,
  paymentsAccess,
  opsAccess,
  rulesAccess,
  verificationAccess,
  endorsementAccess,
  disclosureAccess,
];

/** Every published route → who may call it, from the policies (a route in two policies is a mistake the authz suite reports). */
export const routeAccess: RouteAccess = Object.assign({}, ...resourcePolicies.map((policy) => policy.routes));
