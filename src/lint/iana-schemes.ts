/**
 * The names of the IANA URI scheme registry (https://www.iana.org/assignments/uri-schemes/): permanent, provisional and
 * historical, 243 names, lower case. Written by scripts/iana-schemes.ts (npm run iana-schemes) from the npm package
 * @silverbucket/iana-schemes 1.4.4 (MIT; its lists copy the registry's), published 2026-01-15; not edited by hand.
 * The lint rule scheme-typo reads it (./rules/scheme-typo).
 */
export const IANA_SCHEMES_SOURCE = '@silverbucket/iana-schemes 1.4.4, published 2026-01-15';

export const IANA_SCHEME_NAMES: readonly string[] = [
  'aaa aaas about acap acct acr adiumxtra afp afs aim appdata apt attachment aw barion beshare bitcoin',
  'blob bolo callto cap chrome chrome-extension cid coap coaps com-eventbrite-attendee content crid cvs',
  'data dav dict dis dlna-playcontainer dlna-playsingle dns dntp dtn dvb ed2k example facetime fax feed',
  'feedready file filesystem finger fish ftp geo gg git gizmoproject go gopher gtalk h323 ham hcp http',
  'https iax icap icon im imap info iotdisco ipn ipp ipps irc irc6 ircs iris iris.beep iris.lwz',
  'iris.xpc iris.xpcs isostore itms jabber jar jms keyparc lastfm ldap ldaps magnet mailserver mailto',
  'maps market message mid mms modem ms-access ms-drive-to ms-enrollment ms-excel ms-getoffice ms-help',
  'ms-infopath ms-media-stream-id ms-powerpoint ms-project ms-publisher ms-search-repair',
  'ms-secondary-screen-controller ms-secondary-screen-setup ms-settings ms-settings-airplanemode',
  'ms-settings-bluetooth ms-settings-camera ms-settings-cellular ms-settings-cloudstorage',
  'ms-settings-connectabledevices ms-settings-displays-topology ms-settings-emailandaccounts',
  'ms-settings-language ms-settings-location ms-settings-lock ms-settings-nfctransactions',
  'ms-settings-notifications ms-settings-power ms-settings-privacy ms-settings-proximity',
  'ms-settings-screenrotation ms-settings-wifi ms-settings-workplace ms-spd ms-transit-to ms-visio',
  'ms-walk-to ms-word msnim msrp msrps mtqp mumble mupdate mvn news nfs ni nih nntp notes oid',
  'opaquelocktoken pack palm paparazzi pkcs11 platform pop pres prospero proxy psyc query redis rediss',
  'reload res resource rmi rsync rtmfp rtmp rtsp rtsps rtspu secondlife service session sftp sgn shttp',
  'sieve sip sips skype smb sms smtp snews snmp soap.beep soap.beeps soldat spotify ssh steam stun',
  'stuns submit svn tag teamspeak tel teliaeid telnet tftp things thismessage tip tn3270 tool turn',
  'turns tv udp unreal urn ut2004 v-event vemmi ventrilo videotex view-source vnc wais webcal wpid ws',
  'wss wtai wyciwyg xcon xcon-userid xfire xmlrpc.beep xmlrpc.beeps xmpp xri ymsgr z39.50 z39.50r',
  'z39.50s',
].join(' ').split(' ');
