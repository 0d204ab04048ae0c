import { Server } from 'socket.io';

/** The baseline: a bare socket.io server whose only event acknowledges its payload at once. */
const io = new Server(Number(process.env.PORT ?? 0), { serveClient: false });
io.of('/room').on('connection', (socket) => {
  socket.on('echo', (payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack(payload);
  });
});
process.on('SIGTERM', () => io.close(() => process.exit(0)));
