// wgpeer: the far end of a WireGuard tunnel for the lab (v2ray has only a WireGuard outbound, and
// the lab's kernel may have no wireguard module). It is wireguard-go, the userspace WireGuard that
// v2ray itself builds on, on a kernel TUN device: packets out of the tunnel enter the lab's
// network namespace through that device, and the kernel delivers them to the stand-ins.
//
// Usage: wgpeer -name wg0 -listen 51820 -private HEX -peer HEX -allowed 10.8.0.2/32
// (keys in hex, as wireguard-go's configuration protocol takes them). It configures the device and
// runs until killed; the caller gives the device its address and brings it up (ip addr, ip link).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"golang.zx2c4.com/wireguard/conn"
	"golang.zx2c4.com/wireguard/device"
	"golang.zx2c4.com/wireguard/tun"
)

func main() {
	name := flag.String("name", "wg0", "TUN device name")
	listen := flag.Int("listen", 51820, "UDP port to listen on")
	private := flag.String("private", "", "this end's private key, hex")
	peer := flag.String("peer", "", "the peer's public key, hex")
	allowed := flag.String("allowed", "", "addresses the peer may use inside the tunnel (CIDR)")
	mtu := flag.Int("mtu", 1420, "device MTU")
	flag.Parse()

	dev, err := tun.CreateTUN(*name, *mtu)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wgpeer: cannot create the TUN device:", err)
		os.Exit(1)
	}
	logger := device.NewLogger(device.LogLevelVerbose, "wgpeer: ")
	wg := device.NewDevice(dev, conn.NewDefaultBind(), logger)
	config := fmt.Sprintf("private_key=%s\nlisten_port=%d\npublic_key=%s\nallowed_ip=%s\n", *private, *listen, *peer, *allowed)
	if err := wg.IpcSet(config); err != nil {
		fmt.Fprintln(os.Stderr, "wgpeer: configuration refused:", err)
		os.Exit(1)
	}
	if err := wg.Up(); err != nil {
		fmt.Fprintln(os.Stderr, "wgpeer: cannot bring the device up:", err)
		os.Exit(1)
	}
	fmt.Println("wgpeer: started")
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	select {
	case <-stop:
	case <-wg.Wait():
	}
	wg.Close()
}
