/** Configurations the checker's browser tests type, paste or drop. */

/** A v4 file with three mistakes: a misspelled key (line 5), a port out of range (line 6), an unknown protocol (line 10). */
export const broken = `{
  // a comment, as V2Ray allows
  "inbounds": [
    {
      "protocl": "socks",
      "port": 70000
    }
  ],
  "outbounds": [
    {"protocol": "freedomm"}
  ]
}`;
