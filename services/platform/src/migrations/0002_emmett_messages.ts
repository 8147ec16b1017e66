import { EmmettDdlV1 } from '../emmettTables.ts';

/**
 * Our trigger and indexes on Emmett's emt_messages. The statements live with every other
 * statement on Emmett's tables (../emmettTables.ts) and are frozen there as version 1.
 */
export const sql = `${EmmettDdlV1.notifyTrigger}\n${EmmettDdlV1.eventIndexes}`;
