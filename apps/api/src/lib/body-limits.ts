import { MAX_IDS_PER_REQUEST } from '@paylane/shared/contracts/id-lists';
import { MAX_RECIPIENTS } from '@paylane/shared/contracts/messages';

// Routes whose bodies carry lists of customer ids raise the app's body limit (BODY_LIMIT_BYTES) only as far as
// their lists need: every byte accepted is parsed and checked on the event loop before the route runs.

/** JSON of one id: up to 100 characters, quoted, a comma, and room for escapes. */
const BYTES_PER_EXTERNAL_ID = 200;
/** JSON of one of our ids: a 36-character UUID, quoted, and a comma. */
const BYTES_PER_OUR_ID = 40;
const ENVELOPE_BYTES = 64 * 1024;

/** retrieve_optouts and group members: MAX_IDS_PER_REQUEST ids of the merchant's (≈ 2 MB). */
export const ID_LIST_BODY_LIMIT_BYTES = MAX_IDS_PER_REQUEST * BYTES_PER_EXTERNAL_ID + ENVELOPE_BYTES;

/** A mass text: MAX_RECIPIENTS of our ids and the message (≈ 4 MB). */
export const MASS_TEXT_BODY_LIMIT_BYTES = MAX_RECIPIENTS * BYTES_PER_OUR_ID + ENVELOPE_BYTES;
