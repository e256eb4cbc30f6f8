// Generated from Docs/demos/*.dyn by `DYN_RECORD_DEMOS=1 swift test --filter DemoTests`.
// Do not edit: change the scripts and regenerate (a test checks this file is current).

let demoScripts: [(name: String, text: String)] = [
    ("attachments", #"""
        # Every kind of attachment (UIAttachmentBehavior), each asserting what defines it. Anchor, offsets,
        # items, spring, a moved anchor, lengths set afterwards, pin with range and friction torque, fixed,
        # slide with range, limit.
        # Each sits in its own part of the view; nothing collides. Ideal model (no air resistance).
        world 1000 600
        gravity
        let g = 1000
        let H = 1 / 60

        # anchor: a rigid rod of the distance at creation (150 pt) from a point to the item's centre.
        add view bob frame 40 190 20 20 shape ellipse vx 300
        attach anchor bob to 50 50 as rod
        # offsets: a point of the item (50 pt left of its centre, turning with it) held at the anchor.
        add view bar frame 150 150 100 20
        attach anchor bar offset -50 0 to 150 160 as hinge
        # items: two balls joined by a rod, thrown; only gravity acts on the pair as a whole.
        add view left frame 300 100 20 20 shape ellipse vx 100 vy -300
        add view right frame 400 100 40 40 shape ellipse vx 100 vy -100
        attach items left right as pair
        # spring: frequency 2 Hz, damping 0, from rest at its length of 50 pt.
        add view weight frame 540 140 20 20
        attach anchor weight to 550 100 frequency 2 as spring
        # a critically damped spring of length 0 whose anchor is then moved (the anchor point).
        add view tow frame 590 290 20 20
        attach anchor tow to 600 300 length 0 frequency 3 damping 1 as leash
        # pin with a range of ±45°: a door on an anchored wall, let go horizontal.
        add view wall frame 700 100 10 100 anchored yes
        add view door frame 710 100 100 20
        attach pin wall door at 710 110 range -45deg 45deg as hinge2
        # pin with friction torque: 0.5 (the lid's weight pulls with 0.2 × 1000 × 50 = 10⁴, i.e. 1).
        add view post frame 700 300 10 100 anchored yes
        add view lid frame 710 300 100 20
        attach pin post lid at 710 310 friction 0.5 as creaky
        add view post2 frame 850 300 10 100 anchored yes
        add view lid2 frame 860 300 100 20
        attach pin post2 lid2 at 860 310 friction 1.5 as stuck
        # fixed: a weld; a spinning box carries the other one along.
        add view a frame 850 100 40 40
        add view b frame 890 110 40 20
        attach fixed a b at 890 120 as weld
        kick a 50 -200 spin 3
        # slide with range: a block on a 45° rail through its centre, from -20 to 60 pt of travel.
        add view slider frame 100 400 30 30
        attach slide slider at 115 415 axis 1 1 range -20 60 as rail
        # limit: a rope of 100 pt from an anchored hook; slack at first.
        add view hook frame 300 400 20 20 anchored yes
        add view hang frame 330 420 20 20
        attach limit hook hang length 100 as rope

        # The welded pair's spin once joined: its angular momentum about the joint centre of mass,
        # L = Σ (Iᵢωᵢ + mᵢ rᵢ × vᵢ), over its moment of inertia Σ (Iᵢ + mᵢ|rᵢ|²) (inertia in kg·m² = 10⁴ kg·pt²).
        let m = a.mass + b.mass
        let cx = (a.mass * a.x + b.mass * b.x) / m
        let cy = (a.mass * a.y + b.mass * b.y) / m
        let vx = (a.mass * a.vx + b.mass * b.vx) / m
        let vy = (a.mass * a.vy + b.mass * b.vy) / m
        let L = 1e4 * (a.inertia * a.spin + b.inertia * b.spin) + a.mass * ((a.x - cx) * (a.vy - vy) - (a.y - cy) * (a.vx - vx)) + b.mass * ((b.x - cx) * (b.vy - vy) - (b.y - cy) * (b.vx - vx))
        let I = 1e4 * (a.inertia + b.inertia) + a.mass * ((a.x - cx) * (a.x - cx) + (a.y - cy) * (a.y - cy)) + b.mass * ((b.x - cx) * (b.x - cx) + (b.y - cy) * (b.y - cy))
        let weldSpin = L / I
        # The pair's momentum: only gravity changes it.
        let mp = left.mass + right.mass
        let px0 = left.mass * left.vx + right.mass * right.vx
        let py0 = left.mass * left.vy + right.mass * right.vy
        # The friction pin: the lid turns with (weight torque − friction) / (inertia about the pin).
        let lidI = lid.mass * (100 * 100 + 20 * 20) / 12 + lid.mass * 50 * 50
        let alpha = (lid.mass * g * 50 - 0.5 * 1e4) / lidI

        let rodErr = 0
        let hingeErr = 0
        let pairErr = 0
        let momentumErr = 0
        let doorMax = 0
        let barMax = 0
        let weldErr = 0
        let slideErr = 0
        let slideMax = 0
        let ropeMax = 0
        let slack = 0
        let w = 2 * pi * 2
        let mean = 50 + g / (w * w)
        let crossings = 0
        let firstCross = 0
        let lastCross = 0
        let above = false
        every step as gallery {
          let n = world.steps
          set rodErr max(rodErr, abs(rod.distance - 150))
          set hingeErr max(hingeErr, hinge.distance)
          set pairErr max(pairErr, abs(pair.distance - pair.length))
          set momentumErr max(momentumErr, abs(left.mass * left.vx + right.mass * right.vx - px0) / mp, abs(left.mass * left.vy + right.mass * right.vy - py0 - mp * g * n * H) / mp)
          set doorMax max(doorMax, door.angle)
          set barMax max(barMax, abs(bar.angle))
          set weldErr max(weldErr, abs(b.angle - a.angle))
          # travel along the rail, and the distance off it
          let along = ((slider.x - 115) + (slider.y - 415)) / sqrt(2)
          let off = ((slider.x - 115) - (slider.y - 415)) / sqrt(2)
          set slideErr max(slideErr, abs(off), abs(slider.angle))
          set slideMax max(slideMax, along)
          if n == 12 {
            # ½·a·t² with a = g·sin 45°, give or take the integrator's first-order error, (n + 1)/n at most
            let expected = g / sqrt(2) * (n * H) * (n * H) / 2
            assert along > 0.999 * expected and along < 1.001 * expected * (n + 1) / n, "slide: {along} pt after {n} frames, ½at² = {expected}"
            assert abs(hang.vy - g * n * H) < 1e-9, "a slack rope pulls nothing: vy {hang.vy}"
            assert abs(lid.spin - alpha * n * H) < 0.01 * alpha * n * H, "friction pin: spin {lid.spin}, expected {alpha * n * H}"
          }
          set ropeMax max(ropeMax, rope.distance)
          if rope.distance < 99 { set slack slack + 1 }
          let now = weight.y - 100 > mean
          if now != above and n > 1 {
            set crossings crossings + 1
            if crossings == 1 { set firstCross world.time }
            set lastCross world.time
          }
          set above now
        }
        run 2 live
        let period = 2 * (lastCross - firstCross) / (crossings - 1)
        print "anchor: the rod stays 150 pt within {rodErr} pt; offset: the hinge point within {hingeErr} pt as the bar swings to {barMax} rad"
        print "items: the pair's rod within {pairErr} pt; its momentum off the free-fall line by {momentumErr} pt/s"
        print "spring: period {period} s (1/f = 0.5 s), around {mean} pt"
        print "pin range: the door stops at {doorMax} rad (45° = {45deg}); friction: lid2 turned {lid2.angle} rad"
        print "fixed: relative angle within {weldErr} rad, spinning together at {a.spin} rad/s (angular momentum says {weldSpin})"
        print "slide: off the rail by {slideErr}, stopped at {slideMax} pt of travel (range 60)"
        print "limit: slack for {slack} frames, never longer than {ropeMax} pt (length 100)"
        assert rodErr < 0.05 and hingeErr < 0.05 and barMax > 0.5
        assert pairErr < 0.05 and momentumErr < 1e-6
        assert abs(period - 0.5) < 0.005, "spring period {period}"
        assert doorMax < 45deg + 0.01 and doorMax > 45deg - 0.01, "door {doorMax}"
        assert lid.angle > 1, "lid {lid.angle}"
        assert weldErr < 1e-3 and abs(b.spin - a.spin) < 1e-6
        assert abs(a.spin - weldSpin) < 0.01 * abs(weldSpin), "weld spin {a.spin} vs {weldSpin}"
        assert slideErr < 0.05 and abs(slideMax - 60) < 0.05, "slide {slideErr} {slideMax}"
        assert slack > 5 and ropeMax < 100.05, "rope {slack} {ropeMax}"

        # Moving the anchor drags the attachment's fixed end; the rest length (0) stays. Critically
        # damped, the tow follows without overshooting and settles g/ω² = 2.81 pt below the anchor.
        let sag = g / ((6 * pi) * (6 * pi))
        assert abs(tow.x - 600) < 0.01 and abs(tow.y - 300 - sag) < 0.05, "tow at {tow.x}, {tow.y}"
        set leash.anchorX 700
        let overshoot = 0
        every step as follow { set overshoot max(overshoot, tow.x - 700) }
        run 2
        print "moved anchor: the tow is at {tow.x}, {tow.y} (anchor 700, 300; sag {sag}); overshoot {overshoot} pt"
        assert abs(tow.x - 700) < 0.05 and abs(tow.y - 300 - sag) < 0.05 and overshoot < 0.05
        assert leash.length == 0

        # The length may be set afterwards: the rod pulls the bob in to 100 pt and holds it there; the
        # spring's new rest length of 80 pt moves its centre of swing down by 30 pt, to 80 + g/ω².
        set rod.length 100
        set spring.length 80
        # Its centre: the mean length over four whole periods (2 s).
        let sum = 0
        every step as swing { set sum sum + spring.distance }
        run 2
        let centre = sum / 120
        print "new lengths: the rod holds the bob at {rod.distance} pt; the spring swings about {centre} pt (80 + g/ω² = {80 + g / (w * w)})"
        assert abs(rod.distance - 100) < 0.05, "rod {rod.distance}"
        assert abs(centre - (80 + g / (w * w))) < 0.5, "spring centre {centre}"

        # A friction torque of 1.5 is more than the lid's weight can overcome (1), so lid2 must not
        # turn at all.
        assert abs(lid2.angle) < 1e-3, "lid2, held by friction 1.5, turned {lid2.angle} rad"
        """# + "\n"),
    ("ballswift", #"""
        # The iOS 9 BallSwift game: a ball shot at a hoop that hangs by an attachment. The backboard hangs
        # by an attachment of length 2 and damping 5, rim arms are pinned to it, the floor is anchored, and
        # the ball (elasticity 1, density 3) is shot by an instantaneous push and reset when it leaves the view.
        set world.model "uikit"
        world 375 667
        # The backboard's centre is hung by an attachment of length 2 and damping 5 from the point where
        # its top-left corner starts, so the attachment first pulls it up to that point (frequency 0: a
        # rigid rod, so the damping has nothing to damp; the seed sets it anyway).
        add view board frame 240 300 100 100
        attach anchor board to 240 300 length 2 damping 5 as hang
        # The rim: two heavy arms pinned to the board's lower left corner, sticking out to the left.
        add view armBack frame 200 380 40 6 density 10
        add view armTip frame 195 374 6 12 density 10
        attach pin armBack board at 238 383 as rimPin
        attach pin armTip armBack at 198 383 as tipPin
        add view floor frame 0 640 375 27 anchored yes
        add view ball frame 30 590 30 30 shape ellipse elasticity 1 density 3
        collide all
        gravity
        push ball instant angle -1.35 magnitude 1.56 as shot

        # The push is an impulse: Δv = 1.56 × 100 / mass pt/s along −1.35 rad (up and to the right).
        let dv = 1.56 * 100 / ball.mass
        step
        print "shot at {hypot(ball.vx, ball.vy)} pt/s (impulse / mass = {dv})"
        # vx is the push's alone, less one tick of the uikit model's air resistance (0.1 /s).
        assert abs(ball.vx - dv * cos(-1.35)) < 0.002 * dv, "vx {ball.vx}, expected {dv * cos(-1.35)}"

        # The game loop: when the ball leaves the view it goes back to the start and is shot again.
        let resets = 0
        # The ball's energy per unit mass, ½v² + g·(height above resting on the floor), the frame before it meets the floor and the
        # frame after: an elasticity of 1 keeps it (less a frame of the air's 0.1 /s).
        let lastE = 0
        let bounceIn = 0
        let bounceOut = 0
        on contact ball floor as bounce { if bounceIn == 0 { set bounceIn lastE; set bounceOut 0.5 * (ball.vx * ball.vx + ball.vy * ball.vy) + 1000 * (625 - ball.y) } }
        every step as referee {
          set lastE 0.5 * (ball.vx * ball.vx + ball.vy * ball.vy) + 1000 * (625 - ball.y)
          if ball.x > 375 + 15 or ball.x < -15 or ball.y > 667 + 15 {
            set resets resets + 1
            set ball.x 45; set ball.y 605; set ball.vx 0; set ball.vy 0; set ball.spin 0
            set shot.active yes
          }
        }
        # The backboard's mechanical energy (kinetic + potential, kg·pt²/s²). Pulling the board in to its
        # attachment is work done on it (the attachment starts 70 pt from where it holds the board), so
        # its energy is watched from 2 s on, once it hangs: joints do no work and the air only takes
        # energy away, so from then on it must never gain any, and it swings down to rest.
        let g = 1000
        let boardEnergy = 0
        let risen = 0
        let boardKE = 0
        let boardKE2 = 0
        every step as ledger {
          let e = 0
          for k in 0..<3 {
            let it = "board"
            if k == 1 { set it "armBack" }
            if k == 2 { set it "armTip" }
            set e e + 0.5 * "{it}".mass * ("{it}".vx * "{it}".vx + "{it}".vy * "{it}".vy) + 0.5e4 * "{it}".inertia * "{it}".spin * "{it}".spin - "{it}".mass * g * "{it}".y
          }
          if world.time > 2 and world.time < 2.02 { set boardEnergy e }
          if world.time > 2 { set risen max(risen, e - boardEnergy); set boardEnergy min(boardEnergy, e) }
        }
        run 8 live
        print "the ball's energy per mass before the bounce {bounceIn}, after {bounceOut} pt²/s² (elasticity 1)"
        print "it left the view and was shot again {resets} times"
        assert resets >= 2, "resets {resets}"
        assert hang.distance < 2.1 and rimPin.distance < 0.5, "hang {hang.distance}, rim pin {rimPin.distance}"
        print "the backboard gained up to {risen} kg·pt²/s² while the ball was in play (its hits do work on it)"
        # The ball keeps its energy within 2 % at the bounce (the uikit model's rebound; the ideal
        # model's is exact, BounceTests).
        assert bounceIn > 0 and abs(bounceOut - bounceIn) < 0.02 * bounceIn, "the bounce took {bounceIn} to {bounceOut} pt²/s²"

        # Game over: the ball goes, and the board must settle (issue 11: a board hung from a 2 pt
        # attachment carrying pinned arms gained energy from nowhere and never settled). With nothing
        # doing work on it, its energy (averaged over a second: the integrator's energy swings within
        # each swing by a few % of the swing's energy, and averages out) never rises, and its swing
        # dies down with the air.
        remove ball
        remove referee
        remove ledger
        let t0 = world.time
        let early = 0
        let late = 0
        every step as settle {
          let e = 0
          for k in 0..<3 {
            let it = "board"
            if k == 1 { set it "armBack" }
            if k == 2 { set it "armTip" }
            set e e + 0.5 * "{it}".mass * ("{it}".vx * "{it}".vx + "{it}".vy * "{it}".vy) + 0.5e4 * "{it}".inertia * "{it}".spin * "{it}".spin - "{it}".mass * g * "{it}".y
          }
          let ke = 0.5 * board.mass * (board.vx * board.vx + board.vy * board.vy) + 0.5e4 * board.inertia * board.spin * board.spin
          if world.time > t0 + 1 and world.time <= t0 + 2 { set early early + e / 60; set boardKE max(boardKE, ke) }
          if world.time > t0 + 9 and world.time <= t0 + 10 { set late late + e / 60; set boardKE2 max(boardKE2, ke) }
        }
        run 10
        print "then, alone, the backboard's mean energy went from {early} in its second second to {late} in its tenth, its largest kinetic energy from {boardKE} to {boardKE2} kg·pt²/s²"
        assert late < early, "the backboard's energy rose from {early} to {late} kg·pt²/s² with nothing doing work"
        assert boardKE2 < 0.5 * boardKE, "the backboard's kinetic energy went from {boardKE} to {boardKE2}"
        """# + "\n"),
    ("blocks", #"""
        # The iOS 7 falling blocks: gravity, the bounds, elasticity 0.6, gravity flipped up and back. As in
        # the iOS 7 UIKit Dynamics tutorial, gravity turns over as when the device does, then back.
        world 320 480
        add view square frame 100 100 100 100 elasticity 0.6
        add view small frame 240 300 40 40 elasticity 0.6
        collide all bounds
        gravity
        # The square falls 280 pt onto the floor and bounces: each bounce keeps e² = 0.36 of the height.
        let peaks = 0
        let firstPeak = 0
        let secondPeak = 0
        let prevVy = 0
        every step as bounces {
          if prevVy < 0 and square.vy >= 0 and peaks < 2 {
            set peaks peaks + 1
            if peaks == 1 { set firstPeak 430 - square.y }
            if peaks == 2 { set secondPeak 430 - square.y }
          }
          set prevVy square.vy
        }
        # The device turns over at 3 s and back at 8 s. Each time, the blocks come to rest against the
        # edge that is down, their centres half their heights from it.
        every step as device {
          if world.steps == 180 {
            assert abs(square.y - 430) < 0.5 and abs(small.y - 460) < 0.5, "resting at {square.y}, {small.y}"
            set gravity.dy -1
          }
          if world.steps == 480 {
            print "upside down: the square rests at y {square.y}, the small one at {small.y}"
            assert abs(square.y - 50) < 0.5 and abs(small.y - 20) < 0.5 and abs(square.vy) < 1 and abs(small.vy) < 1
            set gravity.dy 1
          }
        }
        run 13 live
        print "drop 280 pt, then bounces of {firstPeak} and {secondPeak} pt (e² × 280 = {0.36 * 280}, e⁴ × 280 = {0.36 * 0.36 * 280})"
        print "the right way up again: {square.y}, {small.y}"
        assert abs(firstPeak - 0.36 * 280) < 0.02 * 0.36 * 280, "first bounce {firstPeak}"
        assert abs(secondPeak / firstPeak - 0.36) < 0.03, "second bounce {secondPeak}"
        assert abs(square.y - 430) < 0.5 and abs(small.y - 460) < 0.5 and abs(square.vy) < 1 and abs(small.vy) < 1
        """# + "\n"),
    ("chain", #"""
        # A chain of 40 pinned links hanging from a hook, which must not stretch. The links are rigid, 20 pt
        # long, the last ten times as dense. Let go horizontally, it swings down; a little air resistance lets it settle.
        # The pins must not let it stretch: the gaps at all 40 joints, added up, are its stretch.
        world 1000 1000
        let n = 40
        let len = 20
        for i in 0..<n {
          let d = 1
          if i == n - 1 { set d 10 }
          add view "link{i}" frame (100 + len * i) 97 len 6 density d resistance 0.5
        }
        attach anchor link0 offset (-len / 2) 0 to 100 100 as hook
        for i in 1..<n {
          attach pin "link{i - 1}" "link{i}" at (100 + len * i) 100
        }
        gravity

        let stretch = 0
        let worst = 0
        let farthest = 0
        every step as measure {
          let gap = hypot(link0.x - len / 2 * cos(link0.angle) - 100, link0.y - len / 2 * sin(link0.angle) - 100)
          for i in 1..<n {
            let ax = "link{i - 1}".x + len / 2 * cos("link{i - 1}".angle)
            let ay = "link{i - 1}".y + len / 2 * sin("link{i - 1}".angle)
            let bx = "link{i}".x - len / 2 * cos("link{i}".angle)
            let by = "link{i}".y - len / 2 * sin("link{i}".angle)
            set gap gap + hypot(ax - bx, ay - by)
          }
          set stretch gap / (n * len)
          set worst max(worst, stretch)
          let ex = link39.x + len / 2 * cos(link39.angle) - 100
          let ey = link39.y + len / 2 * sin(link39.angle) - 100
          set farthest max(farthest, hypot(ex, ey) / (n * len))
        }
        run 20s live speed 2
        print "stretch while swinging at most {worst * 100} %, hanging {stretch * 100} %"
        print "the end's distance from the hook at most {farthest * 100} % of the rope's length"
        # Hanging, the rope is within 0.5 % of its length (the issue's target).
        assert stretch < 0.005, "hanging stretch {stretch * 100} %"
        # Swinging, the end never gets farther from the hook than the rope is long.
        assert farthest < 1.0001, "end at {farthest * 100} %"
        # It hangs straight down from the hook.
        assert abs(link39.x - 100) < 5 and link39.y > 850, "end at {link39.x}, {link39.y}"
        """# + "\n"),
    ("charges", #"""
        # Charged balls in a box sort themselves around a charged rod. An electric field
        # (Docs/semantics.md §13.2, F = S·q·r̂/r) pushes the positive balls (charge 1) away from the centre and pulls the
        # negative ones (charge -1) in. Lighter items would go faster: the force is not mass-scaled.
        world 400 400
        collide all bounds
        field electric at 200 200 strength 30 as rod
        # A drag field (F = -S·v·|v|) calms them, so they settle where the rod puts them.
        field drag strength 4 as air
        let n = 6
        for i in 0..<n {
          let a = 2 * pi * i / n
          add view "plus{i}" frame (200 + 60 * cos(a) - 10) (200 + 60 * sin(a) - 10) 20 20 shape ellipse charge 1
          add view "minus{i}" frame (200 + 150 * cos(a + pi / n) - 10) (200 + 150 * sin(a + pi / n) - 10) 20 20 shape ellipse charge -1
        }
        add view neutral frame 340 40 20 20 shape ellipse
        show width 40 height 12
        run 4 live
        show width 40 height 12
        let nearest = 1e9
        let farthest = 0
        for i in 0..<n {
          set nearest min(nearest, hypot("plus{i}".x - 200, "plus{i}".y - 200))
          set farthest max(farthest, hypot("minus{i}".x - 200, "minus{i}".y - 200))
        }
        print "positive balls at least {round(nearest)} pt from the rod, negative ones at most {round(farthest)}"
        assert nearest > 120, "a positive ball stayed near the rod: {nearest}"
        assert farthest < 60, "a negative ball stayed away: {farthest}"
        # The neutral ball feels nothing.
        assert neutral.x == 350 and neutral.y == 50
        """# + "\n"),
    ("cradle", #"""
        # Newton's cradle: five equal, touching, perfectly elastic balls on strings of 200 pt.
        # The first is let go from 60°; it arrives at v = √(2·g·L·(1 − cos 60°)) = 447 pt/s and,
        # as momentum and energy conservation require for equal masses, the last ball leaves with
        # that speed while the others stay still.
        world 700 500
        let L = 200
        let a0 = 60deg
        for i in 0..<5 {
          let ax = 250 + 40 * i
          if i == 0 {
            add view "ball{i}" frame (ax - L * sin(a0) - 20) (100 + L * cos(a0) - 20) 40 40 shape ellipse elasticity 1
          } else {
            add view "ball{i}" frame (ax - 20) (100 + L - 20) 40 40 shape ellipse elasticity 1
          }
          attach anchor "ball{i}" to ax 100 as "string{i}"
        }
        collide ball0 ball1 ball2 ball3 ball4
        gravity

        let before = 0
        let impact = -1
        every step as watch {
          if impact < 0 and hypot(ball4.vx, ball4.vy) > 1 { set impact world.steps }
          if impact < 0 { set before hypot(ball0.vx, ball0.vy) }
        }
        while impact < 0 and world.time < 2 { step }
        let v = sqrt(2 * 1000 * L * (1 - cos(a0)))
        print "ball 0 arrives at {before} pt/s (energy says {v})"
        print "ball 4 leaves at {hypot(ball4.vx, ball4.vy)} pt/s"
        assert abs(before - v) / v < 0.01, "arrival speed {before}"
        assert hypot(ball4.vx, ball4.vy) >= 0.98 * before, "ball4 {hypot(ball4.vx, ball4.vy)}"
        assert hypot(ball0.vx, ball0.vy) < 0.03 * before, "ball0 {hypot(ball0.vx, ball0.vy)}"
        assert hypot(ball1.vx, ball1.vy) < 0.03 * before, "ball1 {hypot(ball1.vx, ball1.vy)}"
        assert hypot(ball2.vx, ball2.vy) < 0.03 * before, "ball2 {hypot(ball2.vx, ball2.vy)}"
        assert hypot(ball3.vx, ball3.vy) < 0.03 * before, "ball3 {hypot(ball3.vx, ball3.vy)}"
        """# + "\n"),
    ("falling", #"""
        # Falling blocks: a box, a smaller box dropped onto it and a ball, in the world's bounds.
        # They come to rest on the floor (y = 600) at the heights their sizes give, and stay.
        world 400 600
        add view a frame 50 100 80 80 friction 0.5
        add view b frame 60 0 60 60 friction 0.5
        add view ball frame 250 50 60 60 shape ellipse friction 0.5
        collide all bounds
        gravity
        run 3s live
        print a
        print b
        print ball
        # a's center is 40 above the floor, b (60 tall) sits on a, the ball's center is 30 above it.
        assert abs(a.y - 560) < 0.5, "a.y {a.y}"
        assert abs(b.y - 490) < 0.5, "b.y {b.y}"
        assert abs(ball.y - 570) < 0.5, "ball.y {ball.y}"
        # Resting means resting: over two more seconds nothing drifts by half a point.
        let ax = a.x
        let bx = b.x
        let by = b.y
        run 2s
        assert abs(a.x - ax) < 0.5 and abs(b.x - bx) < 0.5 and abs(b.y - by) < 0.5
        assert abs(a.vy) < 1 and abs(b.vy) < 1 and abs(ball.vy) < 1
        """# + "\n"),
    ("hoop", #"""
        # A basketball shot. The hoop is a backboard and two rims; the ball is aimed with the
        # integrator's own closed form, y_n = y₀ + v·n·H + g·H²·n(n + 1/4)/2 (H = 1/60 s; gravity acts
        # in each of the frame's 4 sub-steps), so that after n frames of free flight its center is
        # exactly at the middle of the hoop.
        world 800 600
        boundary backboard line 712 120 712 300
        add view rimFront frame 606 246 8 8 shape ellipse anchored yes
        add view rimBack frame 700 246 8 8 shape ellipse anchored yes
        add view ball frame 88 438 24 24 shape ellipse elasticity 0.6
        collide all bounds

        let H = 1 / 60
        let g = 1000
        let n = 72
        let tx = 660
        let ty = 250
        set ball.vx (tx - ball.x) / (n * H)
        set ball.vy (ty - ball.y - g * H * H * n * (n + 1 / 4) / 2) / (n * H)
        print "launch at {round(hypot(ball.vx, ball.vy))} pt/s, {round(-atan2(ball.vy, ball.vx) / pi * 180)}° up"
        gravity

        let scored = false
        let rimTouched = false
        on contact ball rimFront { set rimTouched true }
        on contact ball rimBack { set rimTouched true }
        let lastY = ball.y
        every step as referee {
          if lastY < ty and ball.y >= ty and ball.x > 610 and ball.x < 704 { set scored true }
          set lastY ball.y
        }
        step n
        # At frame n the ball is where it was aimed, to the last digit the integrator gives.
        assert abs(ball.x - tx) < 1e-9 and abs(ball.y - ty) < 1e-9, "ball at {ball.x}, {ball.y}"
        run 0.3s
        print "scored: {scored}, touched the rim: {rimTouched}"
        assert scored and not rimTouched
        # It has dropped through, under the hoop.
        assert ball.y > 320 and ball.x > 606 and ball.x < 712, "ball at {ball.x}, {ball.y}"
        """# + "\n"),
    ("ios7-cradle", #"""
        # The iOS 7 Newton's cradle, pulled aside by a push and let go. Five balls on rigid strings (gravity
        # magnitude 10, elasticity 1, no rotation, resistance 0.5); a continuous push pulls the first aside
        # and is removed to let it go.
        world 600 400
        let L = 200
        let g = 10000
        for i in 0..<5 {
          let ax = 220 + 40 * i
          add view "ball{i}" frame (ax - 20) (50 + L - 20) 40 40 shape ellipse elasticity 1 allowsRotation no resistance 0.5
          attach anchor "ball{i}" to ax 50 as "string{i}"
        }
        collide ball0 ball1 ball2 ball3 ball4
        gravity magnitude 10
        # The finger: a continuous push to the left on the first ball, for half a second.
        push ball0 continuous angle 180deg magnitude 3 as finger
        # The finger lets go after half a second. Watch for the first impact (the last ball starts to
        # move) and weigh the cradle's energy then and three seconds later.
        let mg = ball0.mass * g
        let h = 0
        let before = 0
        let impact = -1
        let v1 = 0
        let v4 = 0
        let E0 = 0
        let ratio = 0
        every step as watch {
          if world.steps == 30 {
            remove finger
            set h L - (ball0.y - 50)
          }
          let E = world.kineticEnergy
          for i in 0..<5 { set E E + mg * (L - ("ball{i}".y - 50)) }
          if world.steps > 30 and impact < 0 {
            if hypot(ball4.vx, ball4.vy) > 1 {
              set impact world.steps
              set E0 E
              set v4 hypot(ball4.vx, ball4.vy)
              for i in 0..<4 { set v1 max(v1, hypot("ball{i}".vx, "ball{i}".vy)) }
            } else {
              set before hypot(ball0.vx, ball0.vy)
            }
          }
          if impact > 0 and world.steps == impact + 180 { set ratio E / E0 }
        }
        run 4 live
        # Energy: from a height h the ball arrives at √(2gh) at most; the air (0.5 /s) takes a little on
        # the way down (a quarter swing, π/2·√(L/g) = 0.22 s, so at most a factor e^(−0.5 × 0.25) = 0.882497).
        let v = sqrt(2 * g * h)
        print "pulled aside by {sqrt(L * L - (L - h) * (L - h))} pt, {h} pt up"
        print "ball 0 arrives at {before} pt/s (√(2gh) = {v}); ball 4 leaves at {v4} pt/s, the others at most {v1}"
        assert before <= v and before > v * 0.882497, "arrival {before} vs {v}"
        # Momentum and energy both conserved, with equal masses: the last ball takes all of it.
        assert v4 >= 0.97 * before and v1 < 0.03 * before, "ball4 {v4}, others {v1}"
        # The air takes energy at the rate 2 × 0.5 × kinetic energy, half the energy on average, so the
        # cradle's energy falls as e^(−0.5 t): e^(−0.5 × 3) = 0.223130 (Docs/demos/ios7-pendulum.dyn: a
        # single ball keeps 0.23).
        print "3 s after the impact the cradle keeps {ratio} of its energy (e^(−0.5t) = 0.223130)"
        for i in 0..<5 { assert "ball{i}".angle == 0, "ball{i} turned" }
        # The later impacts keep the motion in the end balls, so the row keeps what the air leaves.
        assert abs(ratio - 0.223130) < 0.1 * 0.223130, "the energy ratio is {ratio}"
        """# + "\n"),
    ("ios7-pendulum", #"""
        # The iOS 7 pendulum, pulled aside by a push and let go. One ball on a rigid string (gravity
        # magnitude 10, elasticity 1, no rotation, resistance 0.5); a continuous push pulls it aside and is
        # then removed.
        world 600 400
        let L = 200
        let g = 10000
        add view ball frame 200 230 40 40 shape ellipse elasticity 1 allowsRotation no resistance 0.5
        attach anchor ball to 220 50 as string
        gravity magnitude 10
        push ball continuous angle 180deg magnitude 3 as finger
        # The finger lets go after half a second; from then on, time the swings by the string's crossings
        # of the vertical and weigh the energy, kinetic plus potential above the lowest point.
        let mg = ball.mass * g
        let a0 = 0
        let E0 = 0
        let t0 = 0
        let crossings = 0
        let first = 0
        let last = 0
        let side = 1
        every step as timer {
          if world.steps == 30 {
            remove finger
            set a0 asin((220 - ball.x) / L)
            set E0 world.kineticEnergy + mg * (L - (ball.y - 50))
            set t0 world.time
          }
          if world.steps > 30 {
            let now = 1
            if ball.x > 220 { set now -1 }
            if now != side {
              set side now
              set crossings crossings + 1
              if crossings == 1 { set first world.time }
              set last world.time
            }
          }
        }
        run 3.5 live
        print "pulled aside to {a0 / pi * 180}°"
        let period = 2 * (last - first) / (crossings - 1)
        let T0 = 2 * pi * sqrt(L / g)
        let E = world.kineticEnergy + mg * (L - (ball.y - 50))
        print "period {period} s (2π√(L/g) = {T0} s; {a0 / pi * 180}° lengthens it by at most {a0 * a0 / 16 * 100} %)"
        print "after 3 s it keeps {E / E0} of its energy (the air, 0.5 /s: e^(−0.5 × 3) = 0.223130)"
        assert period > T0 * 0.999 and period < T0 * (1 + a0 * a0 / 16) * 1.002, "period {period}"
        assert abs(E / E0 - 0.223130) < 0.05 * 0.223130, "energy {E / E0}"
        assert abs(string.distance - L) < 0.05 and ball.angle == 0
        """# + "\n"),
    ("pendulum", #"""
        # A simple pendulum: a small heavy bob on a rigid string of length L = 200 pt, let go at 5°.
        # For small swings the period is 2π·√(L/g) = 2.80993 s (g = 1000 pt/s²).
        world 400 400
        let L = 200
        let a0 = 5deg
        add view bob frame (200 + L * sin(a0) - 5) (50 + L * cos(a0) - 5) 10 10 shape ellipse
        attach anchor bob to 200 50 as string
        gravity

        # Time the swings: the bob crosses the vertical line x = 200 twice per period.
        let crossings = 0
        let first = 0
        let last = 0
        let side = 1
        every step as timer {
          let now = 1
          if bob.x < 200 { set now -1 }
          if now != side {
            set side now
            set crossings crossings + 1
            if crossings == 1 { set first world.time }
            set last world.time
          }
        }
        run 30s live speed 3
        let period = 2 * (last - first) / (crossings - 1)
        let expected = 2 * pi * sqrt(L / 1000)
        print "period {period} s (small-angle formula {expected} s)"
        # Within 0.5 %; the 5° amplitude itself lengthens the period by about 0.05 %.
        assert abs(period - expected) / expected < 0.005, "period {period}"
        assert abs(string.length - L) < 1e-6
        """# + "\n"),
    ("projectile", #"""
        # A ball thrown at 60° with 800 pt/s. It follows a parabola: with the ideal model's
        # integrator (symplectic Euler in each of a frame's 4 sub-steps, H = 1/60 s) the height after
        # n frames is v₀·sin(a)·nH − g·H²·n(n + 1/4)/2, and the range is where that returns to zero.
        world 1200 800
        let speed = 800
        let a = 60deg
        add view ball frame 80 700 20 20 shape ellipse vx (speed * cos(a)) vy (-speed * sin(a))
        gravity
        let top = ball.y
        let highest = ball.y
        let frames = 0
        every step as tracker {
          set frames frames + 1
          if ball.y < highest { set highest ball.y }
          if frames % 15 == 0 { print "t {world.time}s  x {round(ball.x)}  y {round(ball.y)}" }
        }
        while ball.y <= top { step }
        print "landed after {frames} frames at x {round(ball.x)}"

        # The apex: the largest height of the closed form over whole frames, which Euler at 1/60 s
        # keeps within v₀·sin(a)·H of the textbook v₀²·sin²(a)/(2g) = 240 pt.
        let H = 1 / 60
        let vy0 = speed * sin(a)
        let best = 0
        for k in 0...frames { set best max(best, vy0 * k * H - 1000 * H * H * k * (k + 1 / 4) / 2) }
        assert abs((top - highest) - best) < 1e-6, "apex {top - highest} vs {best}"
        let textbook = vy0 * vy0 / 2000
        assert abs(best - textbook) < vy0 * H, "apex {best} vs textbook {textbook}"
        print "apex {round(top - highest)} pt (textbook {textbook} pt)"
        # Range: the first n with v₀ sin(a)·nH < g·H²·n(n + 1/4)/2, i.e. n > 2·v₀·sin(a)/(gH) − 1/4.
        let n = floor(2 * speed * sin(a) / (1000 * H) - 1 / 4) + 1
        assert frames == n, "landed after {frames} frames, expected {n}"
        assert abs(ball.x - (90 + speed * cos(a) * n * H)) < 1e-6
        """# + "\n"),
    ("pyramid", #"""
        # A pyramid of 21 boxes on the floor that must stand still. The benchmark scene, made small.
        world 400 300
        let size = 30
        let rows = 6
        for r in 0..<rows {
          for k in 0..<(rows - r) {
            add view "box{r}_{k}" frame (200 - (rows - r) * size / 2 + k * size) (300 - (r + 1) * size) size size friction 0.6
          }
        }
        collide all bounds
        gravity
        let topY = box5_0.y
        let moved = 0
        every step as watch {
          for r in 0..<rows {
            for k in 0..<(rows - r) {
              let x0 = 200 - (rows - r) * size / 2 + k * size + size / 2
              let y0 = 300 - (r + 1) * size + size / 2
              set moved max(moved, hypot("box{r}_{k}".x - x0, "box{r}_{k}".y - y0))
            }
          }
        }
        run 3 live
        print "in 3 s no box moved more than {moved} pt; the top sank {box5_0.y - topY} pt; kinetic energy {world.kineticEnergy}"
        # Resting contact holds each box where it was put (the contacts' slop is 0.5 pt).
        assert moved < 1, "a box moved {moved} pt"
        assert world.kineticEnergy < 1, "kinetic energy {world.kineticEnergy}"
        """# + "\n"),
    ("rain", #"""
        # A rain of 60 balls into a box. The benchmark scene made small: they fall, bounce and pile up, and
        # none gets out or into another.
        world 300 400
        let n = 60
        let r = 6
        for i in 0..<n {
          # a deterministic scatter: columns across the view, rows higher and higher
          let x = 20 + (i * 37) % 260
          let y = 20 + 14 * floor(i / 10) + (i * 13) % 11
          add view "drop{i}" frame (x - r) (y - r) (2 * r) (2 * r) shape ellipse elasticity 0.3 friction 0.3
        }
        collide all bounds
        gravity
        let escaped = 0
        every step as fence {
          for i in 0..<n {
            let d = "drop{i}"
            if "{d}".x < r - 1 or "{d}".x > 300 - r + 1 or "{d}".y < -200 or "{d}".y > 400 - r + 1 { set escaped escaped + 1 }
          }
        }
        run 6 live
        print "after 6 s: {escaped} escapes; kinetic energy {world.kineticEnergy}"
        assert escaped == 0
        # No two balls closer than their diameter, less the contacts' slop and a little.
        let closest = 1000
        for i in 0..<n {
          for j in (i + 1)..<n {
            set closest min(closest, hypot("drop{i}".x - "drop{j}".x, "drop{i}".y - "drop{j}".y))
          }
        }
        print "the closest two centres are {closest} pt apart (diameter {2 * r})"
        assert closest > 2 * r - 1, "overlap: {closest}"
        # The pile: 60 discs of radius 6 in a box 300 wide cover at least 60 π r² / 300 = 22.6 pt of
        # height; they settle, and the highest centre is a few layers up.
        let highest = 400
        for i in 0..<n { set highest min(highest, "drop{i}".y) }
        print "the pile's top centre is {400 - highest} pt above the floor"
        assert 400 - highest > 60 * pi * r * r / 300 and 400 - highest < 80
        assert world.kineticEnergy < 5, "still moving: {world.kineticEnergy}"
        """# + "\n"),
    ("rope", #"""
        # The rope tutorial's rope: springy segments hung from a point, the end dragged across the view.
        # 20 segments joined by attachments of length 1, frequency 10 Hz and damping 1; the end is dragged
        # by moving an anchor.
        set world.model "uikit"
        world 400 600
        let n = 20
        let seg = 20
        let g = 1000
        # Each joint is a spring of stiffness k = m_eff·ω² (ω = 2π × 10 Hz; m_eff is the pair's reduced
        # mass, m/2 between two segments, m at the hook) and carries the weight of the segments below
        # it, so by Hooke's law it stretches (segments below) × m·g / k. The segments start there.
        let w = 2 * pi * 10
        let top = 50
        for i in 0..<n {
          let s = 2 * (n - i) * g / (w * w)
          if i == 0 { set s n * g / (w * w) }
          set top top + 1 + s
          add view "seg{i}" frame 198 top 4 seg
          set top top + seg
        }
        attach anchor seg0 offset 0 (-seg / 2) to 200 50 length 1 frequency 10 damping 1 as hook
        for i in 1..<n {
          attach items "seg{i - 1}" offset 0 (seg / 2) "seg{i}" offset 0 (-seg / 2) length 1 frequency 10 damping 1
        }
        gravity

        # For 3 s it hangs: its end's mean height is Hooke's. Then a finger takes the end (an anchor
        # attachment of length 0 at the end's point) and drags it 150 pt right and 80 pt up in 2 s.
        let sum = 0
        let count = 0
        let worst = 0
        every step as hand {
          let ex = seg19.x - seg / 2 * sin(seg19.angle)
          let ey = seg19.y + seg / 2 * cos(seg19.angle)
          if world.steps <= 180 { set sum sum + ey; set count count + 1 }
          if world.steps == 180 { attach anchor seg19 offset 0 (seg / 2) to ex ey as finger }
          if world.steps > 180 and world.steps <= 300 {
            set finger.anchorX finger.anchorX + 150 / 120
            set finger.anchorY finger.anchorY - 80 / 120
          }
          if world.steps > 180 { set worst max(worst, hypot(ex - finger.anchorX, ey - finger.anchorY)) }
        }
        run 8 live
        print "hanging, the end was at {sum / count} on average (Hooke: {top})"
        print "dragged, the end kept within {worst} pt of the finger; now {finger.distance} pt"
        assert abs(sum / count - top) < 1, "end at {sum / count}, expected {top}"
        assert worst < 3 and finger.distance < 0.1, "the end left the finger by {worst} pt"
        assert hook.distance < 1 + 2 * n * g / (w * w), "hook {hook.distance}"
        # At rest between the hook and the finger it hangs as a catenary: every segment below the chord
        # from the hook to the finger (a hanging chain is convex), and across from left to right.
        let fx = finger.anchorX
        let fy = finger.anchorY
        for i in 0..<n {
          let x = "seg{i}".x
          let chordY = 50 + (fy - 50) * (x - 200) / (fx - 200)
          assert "seg{i}".y > chordY, "seg{i} at {x}, {"seg{i}".y} is above the chord ({chordY})"
          if i > 0 { assert x > "seg{i - 1}".x, "seg{i} is left of seg{i - 1}" }
        }
        """# + "\n"),
    ("vortex", #"""
        # A vortex stirs a box of balls round and round. The vortex field (Docs/semantics.md §13.2, F = S·(−p̂y, p̂x)/m)
        # pushes each ball along the circle about the box's centre, clockwise on screen; the walls and
        # the other balls keep them in. A drag field stops them running away.
        world 300 300
        collide all bounds
        field vortex at 150 150 strength 0.002 region disc(140) as stir
        field drag strength 0.5 as water
        for i in 0..<16 {
          add view "ball{i}" frame (30 + i % 4 * 70) (30 + floor(i / 4) * 70) 30 30 shape ellipse elasticity 0.5
        }
        run 3 live
        show width 40 height 12
        # Angular momentum about the centre, per unit mass: x·vy − y·vx > 0 is clockwise on screen (y down).
        let spin = 0
        let moving = 0
        for i in 0..<16 {
          set spin spin + ("ball{i}".x - 150) * "ball{i}".vy - ("ball{i}".y - 150) * "ball{i}".vx
          if hypot("ball{i}".vx, "ball{i}".vy) > 5 { set moving moving + 1 }
        }
        print "angular momentum per mass {round(spin)} pt²/s; {moving} of 16 balls moving"
        assert spin > 0, "the balls turn clockwise on screen"
        # The four corner balls start outside the vortex's disc, so only a hit sets them going.
        assert moving >= 12
        # Switch the vortex off: the drag brings everything to rest.
        set stir.strength 0
        run 5
        let fastest = 0
        for i in 0..<16 { set fastest max(fastest, hypot("ball{i}".vx, "ball{i}".vy)) }
        assert fastest < 5, "still moving at {fastest} pt/s"
        """# + "\n"),
]
