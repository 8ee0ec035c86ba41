// How the API ends a live socket (/ws/chat/…, /ws/inbox/…) on purpose: application close codes (4000–4999)
// that tell the client what to do next. Any other close (network, server restart, 1013 too slow) is a drop:
// the client reconnects with a growing pause and catches up with after=.
export const liveCloseCodes = {
  /** The access token the socket opened with expired: reconnect at once with a fresh one. */
  tokenExpired: 4001,
  /**
   * The session ended (logout, disabled user, password reset, revoked session) or the user lost the merchant:
   * do not reconnect; the session checks itself and logs out when it is over.
   */
  accessRevoked: 4003,
  /** The user holds too many sockets on this server: this one was refused; reconnect later like a drop. */
  tooManySockets: 4008,
} as const;

export const liveCloseReasons = {
  tokenExpired: 'Token expired',
  accessRevoked: 'Session ended',
  tooManySockets: 'Too many connections',
} as const;
