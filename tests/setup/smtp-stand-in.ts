import net from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in SMTP server on a free local port that accepts every mail (no TLS, no login): enough
 * of the protocol for nodemailer. `received` holds each mail's DATA as it arrived.
 */
export async function smtpStandIn() {
  const received: string[] = []
  const server = net.createServer((socket) => {
    socket.write('220 stand-in ESMTP\r\n')
    let buffered = ''
    let data: string[] | undefined
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8')
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (data) {
          if (line !== '.') data.push(line)
          else {
            received.push(data.join('\n'))
            data = undefined
            socket.write('250 queued\r\n')
          }
          continue
        }
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'DATA') {
          data = []
          socket.write('354 go ahead\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
