<?php
// PHP with HTML, as WordPress themes write it.
$home = 'https://example.com/';
?>
<a href="<?php echo esc_url( home_url( '/' ) ); ?>"><?php bloginfo( 'name' ); ?></a>
<a href="<?= $profile_url ?>">Profile</a>
<a href="https://example.com/user/<?= urlencode($user) ?>/posts">Posts</a>
<img src="<?php echo get_template_directory_uri(); ?>/images/logo.png">
<link rel="pingback" href="<?php bloginfo( 'pingback_url' ); ?>">
<a href="https://wordpress.org/">WordPress</a>
