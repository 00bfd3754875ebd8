//! The window's GPU surface (natively): the finished frame uploaded as a texture and drawn
//! scaled into the window (see [`super::placement`]).
//!
//! This owns its `wgpu` surface rather than going through `pixels`: `Pixels::render` retries
//! a presentation the driver calls out of date or suboptimal, reconfiguring at the size it was
//! last told, without ever returning. When the window is resized between the last resize and
//! that retry (under load, with the window shrunk to 1x1 and grown back, under Xvfb with
//! Mesa's software Vulkan), the size it knows is stale for good and the game hangs there; the
//! surface is private to `pixels`, so the size cannot be corrected from outside. Here a
//! presentation is tried at most [`ATTEMPTS`] times, each at the window's size of the moment,
//! and a frame that still cannot be shown is skipped: the next one tries again.

use std::borrow::Cow;
use std::sync::Arc;

use web_time::Instant;

use super::super::Scaling;
use super::{Backend, Shown, frame_under, placement};
use anyhow::{Context, Result, anyhow};
use tilecaster::scene::profile;
use winit::event_loop::OwnedDisplayHandle;
use winit::window::Window;

/// Presentations tried for one frame before it is skipped.
const ATTEMPTS: usize = 3;

/// Draws the frame texture over the whole viewport (one triangle that covers it).
const SHADER: &str = "
struct Out {
    @builtin(position) position: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> Out {
    let x = f32((i << 1u) & 2u);
    let y = f32(i & 2u);
    var out: Out;
    out.position = vec4<f32>(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
    out.uv = vec2<f32>(x, y);
    return out;
}

@group(0) @binding(0) var frame: texture_2d<f32>;
@group(0) @binding(1) var pick: sampler;

@fragment
fn fs_main(in: Out) -> @location(0) vec4<f32> {
    return textureSample(frame, pick, in.uv);
}
";

/// The size the window's surface is drawn at: the window's inner size.
fn surface_size(window: &Window) -> winit::dpi::PhysicalSize<u32> {
    window.inner_size()
}

/// The GPU side of the window.
pub(in crate::app) struct Screen {
    window: Arc<Window>,
    surface: wgpu::Surface<'static>,
    device: wgpu::Device,
    queue: wgpu::Queue,
    config: wgpu::SurfaceConfiguration,
    texture: wgpu::Texture,
    bind_group: wgpu::BindGroup,
    /// What a new frame texture is bound with (when the frame's size changes).
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
    pipeline: wgpu::RenderPipeline,
    frame_size: (u32, u32),
    scaling: Scaling,
    /// The surface must be configured again before the next frame.
    stale: bool,
}

impl Screen {
    /// A surface on `window` for frames of `frame_size`, scaled into it as `scaling` says;
    /// drawn with `backend`.
    pub(in crate::app) fn new(
        window: Arc<Window>,
        display: OwnedDisplayHandle,
        frame_size: (u32, u32),
        scaling: Scaling,
        backend: Backend,
    ) -> Result<Screen> {
        pollster::block_on(Screen::start(window, display, frame_size, scaling, backend))
    }

    /// [`Screen::new`], awaiting the adapter and the device.
    async fn start(
        window: Arc<Window>,
        display: OwnedDisplayHandle,
        frame_size: (u32, u32),
        scaling: Scaling,
        backend: Backend,
    ) -> Result<Screen> {
        let (surface, adapter) = match backends_of(backend) {
            Some(backends) => adapter_on(&window, &display, backends).await?,
            None => automatic_adapter(&window, &display).await?,
        };
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                required_limits: adapter.limits(),
                ..wgpu::DeviceDescriptor::default()
            })
            .await
            .context("cannot open the graphics device")?;
        let capabilities = surface.get_capabilities(&adapter);
        let format = capabilities
            .formats
            .iter()
            .copied()
            .find(wgpu::TextureFormat::is_srgb)
            .or(capabilities.formats.first().copied())
            .ok_or_else(|| anyhow!("the window's surface offers no pixel format"))?;
        let size = surface_size(&window);
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::AutoVsync,
            desired_maximum_frame_latency: 2,
            alpha_mode: wgpu::CompositeAlphaMode::Auto,
            view_formats: vec![],
        };
        surface.configure(&device, &config);

        // Sharp pixels at whole-number scales; smoothed when filling or shrinking.
        let filter = if scaling == Scaling::Fill {
            wgpu::FilterMode::Linear
        } else {
            wgpu::FilterMode::Nearest
        };
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("tilecaster frame sampler"),
            mag_filter: filter,
            min_filter: wgpu::FilterMode::Linear,
            ..wgpu::SamplerDescriptor::default()
        });
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("tilecaster frame layout"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        multisampled: false,
                        view_dimension: wgpu::TextureViewDimension::D2,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let (texture, bind_group) = frame_texture(&device, &layout, &sampler, frame_size, format);
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("tilecaster frame shader"),
            source: wgpu::ShaderSource::Wgsl(Cow::Borrowed(SHADER)),
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("tilecaster frame pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("tilecaster frame pipeline"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &module,
                entry_point: Some("vs_main"),
                buffers: &[],
                compilation_options: wgpu::PipelineCompilationOptions::default(),
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("fs_main"),
                compilation_options: wgpu::PipelineCompilationOptions::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        Ok(Screen {
            window,
            surface,
            device,
            queue,
            config,
            texture,
            bind_group,
            layout,
            sampler,
            pipeline,
            frame_size,
            scaling,
            stale: false,
        })
    }

    /// Takes frames of another size from now on (the internal resolution changed).
    pub(in crate::app) fn set_frame_size(&mut self, frame_size: (u32, u32)) {
        if frame_size != self.frame_size {
            let (texture, bind_group) = frame_texture(
                &self.device,
                &self.layout,
                &self.sampler,
                frame_size,
                self.config.format,
            );
            (self.texture, self.bind_group, self.frame_size) = (texture, bind_group, frame_size);
        }
    }

    /// Configures the surface at the window's size of this moment, when it differs from the
    /// configured one or the driver said it is out of date. A minimised (0x0) window keeps
    /// the old size.
    fn fit_window(&mut self) {
        let size = surface_size(&self.window);
        let changed = (size.width, size.height) != (self.config.width, self.config.height);
        if size.width > 0 && size.height > 0 && (changed || self.stale) {
            self.config.width = size.width;
            self.config.height = size.height;
            self.surface.configure(&self.device, &self.config);
            self.stale = false;
        }
    }

    /// The frame position (pixels) under window position `(x, y)`, where the frame is drawn
    /// there.
    pub(in crate::app) fn frame_position(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let window = (self.config.width, self.config.height);
        frame_under(self.frame_size, window, self.scaling, (x, y))
    }

    /// Shows a frame (RGBA, [`Screen::new`]'s size): presented, or skipped when the window
    /// cannot take it after a few tries; and what the upload and the presentation took.
    ///
    /// The frame's pixels are handed to the driver where the renderer drew them: the one copy
    /// is the driver's, into memory the GPU reads (no copy of the game's own in between).
    pub(in crate::app) fn show(&mut self, rgba: &[u8]) -> Result<(Shown, profile::Shown)> {
        let started = Instant::now();
        let (width, height) = self.frame_size;
        self.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &self.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            rgba,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(width * 4),
                rows_per_image: Some(height),
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        let uploaded = Instant::now();
        let shown = self.present()?;
        let times = profile::Shown {
            upload: uploaded - started,
            present: uploaded.elapsed(),
        };
        Ok((shown, times))
    }

    /// Presents the uploaded frame, trying a few times.
    fn present(&mut self) -> Result<Shown> {
        for _ in 0..ATTEMPTS {
            self.fit_window();
            let target = match self.surface.get_current_texture() {
                wgpu::CurrentSurfaceTexture::Success(t) => t,
                // Shown as it is; the surface is configured anew for the next frame.
                wgpu::CurrentSurfaceTexture::Suboptimal(t) => {
                    self.stale = true;
                    t
                }
                wgpu::CurrentSurfaceTexture::Outdated | wgpu::CurrentSurfaceTexture::Lost => {
                    self.stale = true;
                    continue;
                }
                wgpu::CurrentSurfaceTexture::Occluded | wgpu::CurrentSurfaceTexture::Timeout => {
                    return Ok(Shown::Skipped);
                }
                wgpu::CurrentSurfaceTexture::Validation => {
                    return Err(anyhow!("the graphics driver refused the window's surface"));
                }
            };
            self.draw(&target);
            target.present();
            return Ok(Shown::Presented);
        }
        Ok(Shown::Skipped)
    }

    /// Draws the frame texture into the surface texture, placed as [`placement`] says.
    fn draw(&self, target: &wgpu::SurfaceTexture) {
        let view = target
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("tilecaster present"),
            });
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("tilecaster present"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                        store: wgpu::StoreOp::Store,
                    },
                    depth_slice: None,
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            let size = target.texture.size();
            let [x, y, w, h] = placement(self.frame_size, (size.width, size.height), self.scaling);
            pass.set_viewport(x, y, w, h, 0.0, 1.0);
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.bind_group, &[]);
            pass.draw(0..3, 0..1);
        }
        self.queue.submit(Some(encoder.finish()));
    }
}

/// The graphics APIs `--backend auto` tries in turn, this system's own first: Metal on
/// macOS (where there is no Vulkan or OpenGL for wgpu), Direct3D 12 on Windows, then Vulkan,
/// then OpenGL.
const AUTOMATIC: &[(wgpu::Backends, &str)] = if cfg!(target_os = "macos") {
    &[(wgpu::Backends::METAL, "Metal")]
} else if cfg!(windows) {
    &[
        (wgpu::Backends::DX12, "Direct3D 12"),
        (wgpu::Backends::VULKAN, "Vulkan"),
        (wgpu::Backends::GL, "OpenGL"),
    ]
} else {
    &[
        (wgpu::Backends::VULKAN, "Vulkan"),
        (wgpu::Backends::GL, "OpenGL"),
    ]
};

/// A surface and an adapter of the first of [`AUTOMATIC`] that has one; each one given up on
/// is said once ("no Vulkan adapter (why): drawing with OpenGL instead").
async fn automatic_adapter(
    window: &Arc<Window>,
    display: &OwnedDisplayHandle,
) -> Result<(wgpu::Surface<'static>, wgpu::Adapter)> {
    let mut failed = None;
    for (i, &(backends, name)) in AUTOMATIC.iter().enumerate() {
        match adapter_on(window, display, backends).await {
            Ok(found) => return Ok(found),
            Err(why) => {
                if let Some((_, next)) = AUTOMATIC.get(i + 1) {
                    eprintln!("no {name} adapter ({why:#}): drawing with {next} instead");
                }
                failed = Some(why);
            }
        }
    }
    let names: Vec<&str> = AUTOMATIC.iter().map(|&(_, name)| name).collect();
    let why = failed.unwrap_or_else(|| anyhow!("no graphics API to try"));
    Err(why.context(format!("no adapter for {}", names.join(" or "))))
}

/// The backends to ask wgpu for, for `backend`; `None` for this system's in turn
/// ([`AUTOMATIC`]).
fn backends_of(backend: Backend) -> Option<wgpu::Backends> {
    match backend {
        Backend::Auto => wgpu::Backends::from_env().filter(|b| !b.is_empty()),
        Backend::Vulkan => Some(wgpu::Backends::VULKAN),
        Backend::Gl => Some(wgpu::Backends::GL),
    }
}

/// A surface on `window` and an adapter of `backends` that can draw to it.
async fn adapter_on(
    window: &Arc<Window>,
    display: &OwnedDisplayHandle,
    backends: wgpu::Backends,
) -> Result<(wgpu::Surface<'static>, wgpu::Adapter)> {
    // The environment's other settings (flags, GL's choices), but the backends asked for:
    // `with_env` would put WGPU_BACKEND over them. OpenGL needs the window system's display
    // from the start.
    let mut descriptor =
        wgpu::InstanceDescriptor::new_with_display_handle(Box::new(display.clone())).with_env();
    descriptor.backends = backends;
    let instance = wgpu::Instance::new(descriptor);
    let surface = instance
        .create_surface(window.clone())
        .context("no GPU surface for the window")?;
    let adapter = match wgpu::util::initialize_adapter_from_env(&instance, Some(&surface)).await {
        Ok(adapter) => adapter,
        Err(_) => instance
            .request_adapter(&wgpu::RequestAdapterOptions {
                compatible_surface: Some(&surface),
                force_fallback_adapter: false,
                power_preference: wgpu::PowerPreference::from_env().unwrap_or_default(),
            })
            .await
            .map_err(|e| anyhow!("no graphics adapter can draw to the window: {e}"))?,
    };
    Ok((surface, adapter))
}

/// The frame's texture at `size` and its bindings.
fn frame_texture(
    device: &wgpu::Device,
    layout: &wgpu::BindGroupLayout,
    sampler: &wgpu::Sampler,
    size: (u32, u32),
    surface_format: wgpu::TextureFormat,
) -> (wgpu::Texture, wgpu::BindGroup) {
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("tilecaster frame"),
        size: wgpu::Extent3d {
            width: size.0,
            height: size.1,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        // The frame's bytes are sRGB. With an sRGB surface the texture decodes them and the
        // surface encodes them back; with a plain one (WebGL2 canvases) both pass them
        // through: either way the window shows the frame's bytes.
        format: if surface_format.is_srgb() {
            wgpu::TextureFormat::Rgba8UnormSrgb
        } else {
            wgpu::TextureFormat::Rgba8Unorm
        },
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
    let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("tilecaster frame bindings"),
        layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&view),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(sampler),
            },
        ],
    });
    (texture, bind_group)
}
