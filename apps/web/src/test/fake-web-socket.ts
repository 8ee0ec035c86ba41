// A WebSocket stand-in for the browser side: the app's lib/socket.ts stays real; a test opens, pushes
// events into and drops the connections it made.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readonly url: URL;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = new URL(url);
    FakeWebSocket.instances.push(this);
  }

  send(): void {}

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }

  /** The server accepted the handshake. */
  open(): void {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }

  /** The server pushed an event. */
  push(event: unknown): void {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
    });
  }

  /** The connection dropped (network, server restart). */
  drop(): void {
    act(() => this.close());
  }

  /** The server ended the connection on purpose (an application close code such as 4001). */
  closeByServer(code: number, reason = ''): void {
    act(() => {
      if (this.readyState === 3) return;
      this.readyState = 3;
      this.onclose?.(new CloseEvent('close', { code, reason, wasClean: true }));
    });
  }
}

/** Replaces WebSocket for this test; `socketsTo('/ws/chat/c1/')` lists the connections made to a path. */
export function stubWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const socketsTo = (path: string) =>
    FakeWebSocket.instances.filter((socket) => socket.url.pathname === path);
  return { socketsTo };
}
