import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection, type SMTPConnectionOptions } from 'smtp-server/lib/smtp-connection';

/**
 * smtp-server waits a fixed 100 ms before its greeting to catch clients that talk too soon, an
 * anti-spam measure for MX servers. The relay only serves authenticated senders, and a fixed delay
 * per connection caps one-message-per-connection clients (20 sessions: under 200 messages a
 * second), so this server greets at once: smtp-server's own connect() steps, without the timer.
 */
export class GreetAtOnceSMTPServer extends SMTPServer {
  override connect(socket: Socket | TLSSocket, socketOptions?: SMTPConnectionOptions | null): void {
    const connection = new SMTPConnection(this, socket, socketOptions);
    this.connections.add(connection);
    connection.on('error', (error: Error) => this._onError(error));
    connection.on('connect', (data) => this._onClientConnect(data));
    connection._setListeners(() => connection.connectionReady());
  }
}
