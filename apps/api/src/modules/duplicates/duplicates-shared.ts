/** A malformed id is simply not one of the merchant's records: 404, like any other unknown id. */
