// Command freeport prints a TCP port on the loopback interface that no
// process holds, as the kernel chooses one: .ci/run starts its servers
// (redis-server, PostgreSQL) on such ports, so that a port another
// process holds (a developer's own PostgreSQL on 5432, another run's
// cluster) never fails the run.
//
//	freeport [-host 127.0.0.1]
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
)

func main() {
	host := flag.String("host", "127.0.0.1", "the `address` to find a free port on")
	flag.Parse()
	port, err := freePort(*host)
	if err != nil {
		fmt.Fprintln(os.Stderr, "freeport:", err)
		os.Exit(1)
	}
	fmt.Println(port)
}

// freePort binds port 0 on host, which makes the kernel pick a free
// port, and releases it. The kernel hands ports out in turn, so the
// port is not given again at once.
func freePort(host string) (int, error) {
	l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return 0, fmt.Errorf("no free port on %s: %w", host, err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
