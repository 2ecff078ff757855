import net from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request on a new connection as simple clients do: the whole body first, reading
 * nothing until it is sent. Rejects when the connection fails (a reset loses the answer).
 * @example const answer = await sendThenRead(port, { method: 'POST', path: '/api/v1/x', headers: {} }, body);
 */
export function sendThenRead(
  port: number,
  request: { method: string; path: string; headers: Record<string, string> },
  body: Buffer,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    const chunks: Buffer[] = [];
    const finish = () => {
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no answer (${raw.length} bytes read)`));
      const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: raw.subarray(end + 4).toString('utf8') });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', finish);
    socket.on('error', reject);
    const head = Object.entries({
      host: `127.0.0.1:${port}`,
      'content-length': String(body.length),
      ...request.headers,
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`${request.method} ${request.path} HTTP/1.1\r\n${head}\r\n`);
    socket.write(body, () => socket.resume());
  });
}
