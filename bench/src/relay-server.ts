// The baseline: a bare Socket.IO relay with no auth and no database, fed the same load as Parley.
import http from 'node:http';
import { Server } from 'socket.io';

let seq = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return res.end('ok');
  const match = req.url?.match(/^\/rooms\/([\w-]+)\/messages$/);
  if (req.method !== 'POST' || !match) return res.writeHead(404).end();
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const message = { ...JSON.parse(body), seq: ++seq };
    io.to(match[1]!).emit('message:created', { channelId: match[1], seq, message });
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
  });
});
const io = new Server(server, { serveClient: false });
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string') void socket.join(room);
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
